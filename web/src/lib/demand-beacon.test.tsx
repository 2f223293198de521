import { renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DemandSeenInput } from '@parts/shared/schemas';
import { useDemandSeen } from './demand-beacon';
import { listingSeen } from '../features/catalog/api/listing-seen';

afterEach(() => vi.unstubAllGlobals());

function stubBeacon() {
  const sent: { url: string; body: unknown }[] = [];
  const sendBeacon = vi.fn((url: string, blob: Blob) => {
    sent.push({ url, body: blob });
    return true;
  });
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  return { sent, bodies: () => Promise.all(sent.map(async (s) => JSON.parse(await (s.body as Blob).text()) as unknown)) };
}

describe('the page-shown beacon (docs/demand.md)', () => {
  it('is sent once per view: not again for a re-render or a refetch of the same page, again for another one', async () => {
    const beacon = stubBeacon();
    const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
    const { rerender } = renderHook((signal: DemandSeenInput | undefined) => useDemandSeen(signal), { initialProps: undefined, wrapper: strict });
    expect(beacon.sent).toHaveLength(0);
    rerender({ kind: 'part', partId: 7 });
    rerender({ kind: 'part', partId: 7 });
    expect(beacon.sent).toHaveLength(1);
    rerender({ kind: 'listing', q: 'cr600', total: 0, shown: 0 });
    expect(beacon.sent.map((s) => s.url)).toEqual(['/api/demand/seen', '/api/demand/seen']);
    expect(await beacon.bodies()).toEqual([
      { kind: 'part', partId: 7 },
      { kind: 'listing', q: 'cr600', total: 0, shown: 0 },
    ]);
  });

  it("a listing's beacon: its first page with text, once its own answer is shown", () => {
    const params = { query: ' CR 600 ', categoryIds: [3], manufacturerIds: [], specifications: {}, page: 1 };
    const answer = { total: 0, data: [] };
    expect(listingSeen(params, answer, false)).toEqual({ kind: 'listing', q: 'CR 600', total: 0, shown: 0, filters: { categoryIds: [3] } });
    expect(listingSeen(params, answer, true)).toBeUndefined();
    expect(listingSeen({ ...params, page: 2 }, answer, false)).toBeUndefined();
    expect(listingSeen({ ...params, query: '' }, answer, false)).toBeUndefined();
    expect(listingSeen(params, undefined, false)).toBeUndefined();
  });
});
