import { existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createEmbeddedSearchIndex } from '../modules/search/adapters/embedded';
import type { SearchIndex } from '../modules/search';

/** Why a fresh, empty index was opened instead of the file found (the start-up check then fills it). */
export type IndexFileRecovery = { kind: 'missing' } | { kind: 'unreadable'; reason: string; movedTo: string };

const SQLITE_DAMAGE = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CANTOPEN', 'SQLITE_IOERR_SHORT_READ']);

function isDamage(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && (SQLITE_DAMAGE.has(code) || code.startsWith('SQLITE_CORRUPT'));
}

/**
 * SQLite's own page check (quick_check walks every page of every table and index), then the adapter's open.
 * A truncated or overwritten file fails here, at start-up, instead of in the middle of a search.
 */
function openAndProbe(file: string): SearchIndex {
  if (existsSync(file)) {
    const db = new Database(file);
    try {
      const verdict = db.pragma('quick_check(1)', { simple: true });
      if (verdict !== 'ok') throw Object.assign(new Error(String(verdict)), { code: 'SQLITE_CORRUPT' });
    } finally {
      db.close();
    }
  }
  return createEmbeddedSearchIndex({ file });
}

/**
 * The embedded search index at `file`. A missing file is created empty; a file SQLite cannot read
 * ("database disk image is malformed", "file is not a database", a truncated file) is moved aside to
 * `<file>.unreadable` and replaced by an empty one. Either way `onRecovered` says so, and the start-up
 * consistency check rebuilds the index from DynamoDB with progress.
 */
export function openSearchFile(file: string, onRecovered?: (recovery: IndexFileRecovery) => void): SearchIndex {
  const existed = existsSync(file);
  try {
    const index = openAndProbe(file);
    if (!existed) onRecovered?.({ kind: 'missing' });
    return index;
  } catch (err) {
    if (!isDamage(err)) throw err;
    const movedTo = `${file}.unreadable`;
    rmSync(movedTo, { force: true });
    renameSync(file, movedTo);
    // The write-ahead log and its index belong to the damaged file; replayed into a new one they would corrupt it.
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    onRecovered?.({ kind: 'unreadable', reason: err.message, movedTo });
    return createEmbeddedSearchIndex({ file });
  }
}
