import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_MARK } from '@parts/shared/constants';
import { createPrefetchScheduler, MAX_IDLE_IN_FLIGHT } from './intent-prefetch';
import { FakeObserver } from '../test/fake-intersection-observer';

function setConnection(value: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

/** A prefetch whose requests the test finishes one by one. */
function pendingPrefetch() {
  const started: string[] = [];
  const finish: (() => void)[] = [];
  const prefetch = vi.fn((path: string) => {
    started.push(path);
    return new Promise<void>((resolve) => finish.push(resolve));
  });
  return { prefetch, started, finishOne: () => finish.shift()?.() };
}

const links = (n: number) => Array.from({ length: n }, () => document.createElement('a'));
const flush = () => vi.runAllTimersAsync();

describe('prefetch scheduler (ADR 132)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    setConnection(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setConnection(undefined);
  });

  it('prefetches a hovered path once, and only same-origin paths', () => {
    const { prefetch, started } = pendingPrefetch();
    const scheduler = createPrefetchScheduler(prefetch);
    scheduler.intent('/part/a');
    scheduler.intent('/part/a');
    scheduler.intent('https://elsewhere.example/part/b');
    expect(started).toEqual(['/part/a']);
  });

  it("marks a path in the page's User Timing once its prefetch has settled (what a test or bench waits for before a click)", async () => {
    const { prefetch, finishOne } = pendingPrefetch();
    const scheduler = createPrefetchScheduler(prefetch);
    // The fake timers replace `performance` too: its marks are read from the calls.
    const mark = vi.spyOn(performance, 'mark');
    const marked = () => mark.mock.calls.filter(([name]) => name === PREFETCH_MARK).map(([, options]) => options?.detail as string);
    scheduler.intent('/part/a');
    await flush();
    expect(marked()).toEqual([]);
    finishOne();
    await flush();
    expect(marked()).toEqual(['/part/a']);
  });

  it('runs links in view on idle, at most MAX_IDLE_IN_FLIGHT at a time, each once', async () => {
    const { prefetch, started, finishOne } = pendingPrefetch();
    const scheduler = createPrefetchScheduler(prefetch);
    const els = links(6);
    els.forEach((el, i) => scheduler.observe(el, `/part/p${i}`));
    FakeObserver.show(...els);
    await flush();
    expect(started).toEqual(['/part/p0', '/part/p1', '/part/p2', '/part/p3'].slice(0, MAX_IDLE_IN_FLIGHT));
    finishOne();
    await flush();
    expect(started).toHaveLength(MAX_IDLE_IN_FLIGHT + 1);
    // A hover of a queued link starts it at once, and it is not prefetched again from the queue.
    scheduler.intent('/part/p5');
    finishOne();
    finishOne();
    await flush();
    expect(started.filter((p) => p === '/part/p5')).toHaveLength(1);
    expect(new Set(started).size).toBe(started.length);
  });

  it('prefetches nothing in view on Save-Data or a 2g connection, and no hover on Save-Data', async () => {
    const { prefetch, started } = pendingPrefetch();
    for (const connection of [{ saveData: true }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }]) {
      setConnection(connection);
      const scheduler = createPrefetchScheduler(prefetch);
      const [el] = links(1);
      scheduler.observe(el!, '/catalog');
      FakeObserver.show(el!);
      await flush();
      if (connection.saveData) scheduler.intent('/part/x');
    }
    expect(started).toEqual([]);
  });
});
