/**
 * Tells the server a buyer opened the search result at this position of the first page (click-through by
 * position, docs/demand.md). A beacon: it outlives the navigation it precedes and nobody waits for it.
 */
export function reportResultOpened(position: number, query: string): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const body = new Blob([JSON.stringify({ position, q: query.slice(0, 200) })], { type: 'application/json' });
  navigator.sendBeacon('/api/demand/opened', body);
}
