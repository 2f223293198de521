import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPrefetchScheduler } from '../lib/intent-prefetch';
import { createQueryClient } from '../lib/query-client';
import { createPagePrefetch } from './page-prefetch';
import { FakeObserver } from '../test/fake-intersection-observer';

/** The API as the browser's fetch sees it: every request recorded with the priority it asked for. */
function recordingFetch() {
  const requests: { path: string; priority: RequestPriority | undefined }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    requests.push({ path, priority: init?.priority });
    return Promise.resolve(new Response(JSON.stringify({ slug: path.split('/').at(-1) }), { headers: { 'content-type': 'application/json' } }));
  });
  return { fetch, requests };
}

describe('page prefetch priority (issue 34, ADR 132)', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks low fetch priority for a link in view prefetched on idle, and the default for a hovered one', async () => {
    const { fetch, requests } = recordingFetch();
    vi.stubGlobal('fetch', fetch);
    const scheduler = createPrefetchScheduler(createPagePrefetch(createQueryClient()));

    scheduler.intent('/part/hovered-part');
    const link = document.createElement('a');
    scheduler.observe(link, '/part/seen-part');
    FakeObserver.show(link);

    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.find((r) => r.path.endsWith('/hovered-part'))).toEqual({ path: expect.stringMatching(/\/api\/parts\//), priority: undefined });
    expect(requests.find((r) => r.path.endsWith('/seen-part'))).toEqual({ path: expect.stringMatching(/\/api\/parts\//), priority: 'low' });
  });

  it('a hovered category or manufacturer link prefetches its listing too, not only the category or manufacturer', async () => {
    const { fetch, requests } = recordingFetch();
    vi.stubGlobal('fetch', fetch);
    const prefetch = createPagePrefetch(createQueryClient());

    await prefetch('/catalog/hydraulic-valves');
    await prefetch('/manufacturer/enerpac');

    const paths = requests.map((r) => r.path);
    expect(paths).toContain('/api/categories/hydraulic-valves');
    expect(paths).toContain('/api/manufacturers/enerpac');
    // The listing each page shows, asked once the category (then the manufacturer) is known.
    expect(paths.filter((path) => path.startsWith('/api/parts?'))).toHaveLength(2);
  });

  it('asks low priority for every query of an idle listing prefetch', async () => {
    const { fetch, requests } = recordingFetch();
    vi.stubGlobal('fetch', fetch);
    const scheduler = createPrefetchScheduler(createPagePrefetch(createQueryClient()));
    const link = document.createElement('a');
    scheduler.observe(link, '/catalog?q=valve');
    FakeObserver.show(link);

    await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(3));
    expect(requests.map((r) => r.priority)).toEqual(requests.map(() => 'low'));
  });
});
