import { useEffect, useRef } from 'react';
import type { DemandSeenInput } from '@parts/shared/schemas';

/**
 * Tells the server a search listing or a part page was shown (docs/demand.md, "Behind the caches"): the page counts
 * its own view, so an answer from CloudFront or the local page cache counts too. A beacon: nobody waits for it.
 */
function sendSeen(signal: DemandSeenInput): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  navigator.sendBeacon('/api/demand/seen', new Blob([JSON.stringify(signal)], { type: 'application/json' }));
}

/**
 * Sends the beacon once per view: when `signal` first appears and whenever it changes (another search, another
 * part), never again for a re-render or a refetch of the same one. `undefined` while there is nothing shown.
 */
export function useDemandSeen(signal: DemandSeenInput | undefined): void {
  const key = signal ? JSON.stringify(signal) : undefined;
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (key === undefined || key === last.current) return;
    last.current = key;
    sendSeen(JSON.parse(key) as DemandSeenInput);
  }, [key]);
}
