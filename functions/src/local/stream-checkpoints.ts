import { open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { ShardCheckpoint, StreamCheckpointStore } from '../modules/search';

interface StoredCheckpoints {
  streamArn: string;
  shards: Record<string, ShardCheckpoint>;
}

/**
 * The local stream poller's position, one JSON file in DATA_DIR. Each save is written to a temporary
 * file, flushed to disk and renamed over the old one, so a crash leaves either the old or the new
 * position, never a torn file. A file for another stream (the table was recreated) counts as none.
 */
export function createFileCheckpointStore(file: string, onUnreadable?: (reason: string) => void): StreamCheckpointStore {
  mkdirSync(dirname(file), { recursive: true });
  let writing: Promise<void> = Promise.resolve();
  return {
    async load(streamArn) {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        return new Map();
      }
      try {
        const stored = JSON.parse(text) as StoredCheckpoints;
        if (stored.streamArn !== streamArn || !stored.shards || typeof stored.shards !== 'object') return new Map();
        return new Map(Object.entries(stored.shards));
      } catch (err) {
        // Never expected (writes are atomic); reading from the start again only replays what is indexed.
        onUnreadable?.(err instanceof Error ? err.message : String(err));
        return new Map();
      }
    },
    save(streamArn, shards) {
      const body = JSON.stringify({ streamArn, shards: Object.fromEntries(shards) } satisfies StoredCheckpoints);
      const next = writing.then(async () => {
        const tmp = `${file}.tmp`;
        const handle = await open(tmp, 'w');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(tmp, file);
      });
      writing = next.catch(() => undefined);
      return next;
    },
  };
}
