import type { CatalogRepository } from '../../catalog';
import type { IndexProgress, SearchIndex } from '../ports/search-index';
import { mapLimit } from '../../../lib/map-limit';
import { loadRelations, toPartDocument } from './part-document';

/** "indexing 1200 of 5000" / "checking 40000 of 72000 parts against the table". */
export function indexingDetail(progress: IndexProgress): string {
  return progress.phase === 'indexing'
    ? `indexing ${progress.done} of ${progress.total}`
    : `checking ${progress.done} of ${progress.total} part ids against the table`;
}

export interface IndexCheckResult {
  /** Parts in the table, and in the index before any repair. */
  tableParts: number;
  indexedBefore: number;
  /** In the table, not in the index. */
  missing: number;
  /** In both, the index holding an older version. */
  stale: number;
  /** In the index, not in the table. */
  extra: number;
  /** Documents written or removed by the repair (0 without `repair`). */
  repaired: number;
  ms: number;
}

const INDEX_PAGE = 10_000;
/** Ids per getPartVersions / getParts call (one BatchGetItem of 100 keys each), and calls in flight. */
const ID_RANGE = 500;
const FETCH_CHUNK = 100;
const FETCH_CONCURRENCY = 4;

/** Indexed ids (ascending) and versions in typed arrays: 8 bytes a part, 8 MB at a million. */
class IndexedVersions {
  ids = new Int32Array(1024);
  versions = new Int32Array(1024);
  length = 0;

  push(id: number, version: number) {
    if (this.length === this.ids.length) {
      const grow = <T extends Int32Array>(a: T) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.ids = grow(this.ids);
      this.versions = grow(this.versions);
    }
    this.ids[this.length] = id;
    this.versions[this.length] = version;
    this.length++;
  }

  indexOf(id: number): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.ids[mid]!;
      if (at === id) return mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/**
 * Compares the table's parts with the search index by id and version (never by a counter) and, with
 * `repair`, indexes exactly the difference: parts missing from the index or indexed at an older
 * version are (re)indexed, documents of parts the table does not have are removed.
 *
 * The table side is read by id (1..the id counter) rather than scanned: see getPartVersions. The index
 * is listed first, so a part written meanwhile is at worst indexed twice (versions make that harmless),
 * and a listed document was in the table before its id was read, so an "extra" is really gone.
 * An empty index (new or rebuilt file) is filled in one pass over whole parts.
 */
export async function checkIndex(deps: {
  catalog: CatalogRepository;
  search: SearchIndex;
  repair: boolean;
  onProgress?: (progress: IndexProgress) => void;
  /** Id ranges read at a time (AWS can take more than DynamoDB Local). */
  concurrency?: number;
  /** Stops the check between two id ranges (server shutting down); it rejects with the signal's reason. */
  signal?: AbortSignal;
}): Promise<IndexCheckResult> {
  const started = Date.now();
  const { signal } = deps;
  const concurrency = deps.concurrency ?? FETCH_CONCURRENCY;
  const report = (phase: IndexProgress['phase'], done: number, total: number) => deps.onProgress?.({ phase, done, total });
  const ceiling = await deps.catalog.partIdCeiling();
  const indexed = new IndexedVersions();
  for (let after = 0; ;) {
    const page = await deps.search.listVersions(after, INDEX_PAGE);
    for (const { id, version } of page) indexed.push(id, version);
    if (page.length < INDEX_PAGE) break;
    after = page[page.length - 1]!.id;
  }

  if (indexed.length === 0) {
    if (!deps.repair) {
      let tableParts = 0;
      await forEachIdRange(ceiling, concurrency, signal, async (ids) => {
        // Read first, then add: `tableParts += await …` would lose the other workers' additions.
        const found = await deps.catalog.getPartVersions(ids);
        tableParts += found.length;
      });
      return { tableParts, indexedBefore: 0, missing: tableParts, stale: 0, extra: 0, repaired: 0, ms: Date.now() - started };
    }
    const written = await indexIdRange(deps, ceiling, concurrency, (done) => report('indexing', done, ceiling), signal);
    return { tableParts: written, indexedBefore: 0, missing: written, stale: 0, extra: 0, repaired: written, ms: Date.now() - started };
  }

  const seen = new Uint8Array(indexed.length);
  const toIndex: number[] = [];
  let tableParts = 0;
  let missing = 0;
  let stale = 0;
  let checked = 0;
  report('checking', 0, ceiling);
  await forEachIdRange(ceiling, concurrency, signal, async (ids) => {
    for (const { id, version } of await deps.catalog.getPartVersions(ids)) {
      tableParts++;
      const at = indexed.indexOf(id);
      if (at < 0) {
        missing++;
        toIndex.push(id);
        continue;
      }
      seen[at] = 1;
      if (indexed.versions[at]! < version) {
        stale++;
        toIndex.push(id);
      }
    }
    checked += ids.length;
    report('checking', checked, ceiling);
  });
  const extras: { id: number; version: number }[] = [];
  for (let i = 0; i < indexed.length; i++) if (!seen[i]) extras.push({ id: indexed.ids[i]!, version: indexed.versions[i]! });

  let repaired = 0;
  if (deps.repair && (toIndex.length > 0 || extras.length > 0)) {
    const total = toIndex.length + extras.length;
    report('indexing', 0, total);
    for (let i = 0; i < extras.length; i += INDEX_PAGE) {
      const group = extras.slice(i, i + INDEX_PAGE);
      await deps.search.remove(group);
      repaired += group.length;
      report('indexing', repaired, total);
    }
    const relations = await loadRelations(deps.catalog);
    toIndex.sort((a, b) => a - b);
    const chunks: number[][] = [];
    for (let i = 0; i < toIndex.length; i += FETCH_CHUNK) chunks.push(toIndex.slice(i, i + FETCH_CHUNK));
    await mapLimit(chunks, concurrency, async (ids) => {
      signal?.throwIfAborted();
      const parts = await deps.catalog.getParts(ids);
      await deps.search.upsert(parts.map((p) => toPartDocument(p, relations)));
      repaired += ids.length;
      report('indexing', repaired, total);
    });
  }
  return { tableParts, indexedBefore: indexed.length, missing, stale, extra: extras.length, repaired, ms: Date.now() - started };
}

/** Calls `fn` with ids 1..ceiling in ranges of ID_RANGE, `concurrency` ranges at a time. */
async function forEachIdRange(ceiling: number, concurrency: number, signal: AbortSignal | undefined, fn: (ids: number[]) => Promise<void>): Promise<void> {
  let next = 1;
  const worker = async () => {
    while (next <= ceiling) {
      signal?.throwIfAborted();
      const from = next;
      next = Math.min(ceiling + 1, from + ID_RANGE);
      await fn(Array.from({ length: next - from }, (_, i) => from + i));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/** Indexes every part with an id in 1..ceiling, whole parts read by id; returns how many were written. */
export async function indexIdRange(
  deps: { catalog: CatalogRepository; search: SearchIndex },
  ceiling: number,
  concurrency: number,
  onProgress?: (idsDone: number, written: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  const relations = await loadRelations(deps.catalog);
  let written = 0;
  let done = 0;
  await forEachIdRange(ceiling, concurrency, signal, async (ids) => {
    for (let i = 0; i < ids.length; i += FETCH_CHUNK) {
      const parts = await deps.catalog.getParts(ids.slice(i, i + FETCH_CHUNK));
      await deps.search.upsert(parts.map((p) => toPartDocument(p, relations)));
      written += parts.length;
    }
    done += ids.length;
    onProgress?.(done, written);
  });
  return written;
}
