import { checkIndex, indexingDetail, type IndexCheckResult } from '../modules/search';
import type { CatalogRepository } from '../modules/catalog';
import type { IndexProgress, SearchIndex } from '../modules/search';

export interface BackgroundIndexCheck {
  /** Progress while it runs (GET /api/health shows it); undefined once it finished. */
  status(): IndexProgress | undefined;
  /** The result; undefined when it was stopped or failed (the failure was reported). */
  done: Promise<IndexCheckResult | undefined>;
  stop(): Promise<void>;
}

/**
 * The start-up consistency check, run in the background while the server already answers: compares
 * the table with the search index by id and version and repairs the difference, printing progress
 * about every 5 seconds.
 */
export function startBackgroundIndexCheck(deps: { catalog: CatalogRepository; search: SearchIndex; say: (line: string) => void }): BackgroundIndexCheck {
  const abort = new AbortController();
  let current: IndexProgress | undefined = { phase: 'checking', done: 0, total: 0 };
  let lastShown = 0;
  const started = Date.now();
  const done = checkIndex({
    catalog: deps.catalog,
    search: deps.search,
    repair: true,
    signal: abort.signal,
    onProgress: (progress) => {
      const phaseChanged = progress.phase !== current?.phase;
      current = progress;
      if (phaseChanged || Date.now() - lastShown >= 5000) {
        lastShown = Date.now();
        deps.say(`    search index: ${indexingDetail(progress)}`);
      }
    },
  })
    .then((result) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const difference = result.missing + result.stale + result.extra;
      deps.say(
        difference === 0
          ? `  ✓ Search index matches the table: ${result.tableParts} parts (checked in ${seconds} s)`
          : `  ✓ Search index repaired: ${result.missing} missing, ${result.stale} outdated and ${result.extra} deleted parts fixed; ${result.tableParts} parts (${seconds} s)`,
      );
      return result;
    })
    .catch((err: unknown) => {
      if (abort.signal.aborted) return undefined;
      deps.say(
        `  ! The search index check failed: ${err instanceof Error ? err.message : String(err)} (run "npm run reindex -- --repair" with the server stopped)`,
      );
      return undefined;
    })
    .finally(() => (current = undefined));
  return {
    status: () => current,
    done,
    async stop() {
      abort.abort(new Error('stopped'));
      await done;
    },
  };
}
