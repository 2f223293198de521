import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_WAIT_MS, keepEarlyTaps, PAGE_MODULES_ID, preloadPageModules } from './boot';

/** A window whose paint timing the test drives: `paint()` reports the first contentful paint as Chromium does. */
function fakeWindow({ serverRendered = true, visibility = 'visible' as DocumentVisibilityState, paintTiming = true } = {}) {
  const observers: { callback: (list: { getEntriesByName(name: string): unknown[] }) => void; disconnected: boolean }[] = [];
  const painted: unknown[] = [];
  const listeners = new Set<() => void>();
  class Observer {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['resource'];
    entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const document = {
    visibilityState: visibility,
    getElementById: (id: string) => (id === 'root' ? { firstElementChild: serverRendered ? {} : null } : null),
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const env = {
    document,
    performance: { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? painted : []) },
    PerformanceObserver: Observer,
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  };
  return {
    env: env as never,
    paint() {
      painted.push({ name: 'first-contentful-paint' });
      for (const observer of observers) if (!observer.disconnected) observer.callback({ getEntriesByName: () => painted });
    },
    hide() {
      document.visibilityState = 'hidden';
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

describe('the boot script loads the app after the first paint (issue 34, ADR 154)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a server-rendered page loads the app once its first contentful paint is reported, and only once', () => {
    const window = fakeWindow();
    const load = vi.fn();
    afterFirstPaint(load, window.env);
    expect(load).not.toHaveBeenCalled();
    window.paint();
    expect(load).toHaveBeenCalledTimes(1);
    // Neither the fallback timer nor a later hide loads it again, and nothing is left listening.
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS * 2);
    window.hide();
    expect(load).toHaveBeenCalledTimes(1);
    expect(window.listeners.size).toBe(0);
  });

  it('loads the app all the same when no paint is reported in time', () => {
    const window = fakeWindow();
    const load = vi.fn();
    afterFirstPaint(load, window.env);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a page hidden before it painted loads the app at once (a background tab paints nothing until shown)', () => {
    const window = fakeWindow();
    const load = vi.fn();
    afterFirstPaint(load, window.env);
    window.hide();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the SPA shell (nothing server-rendered to paint)', { serverRendered: false }],
    ['a page opened in the background', { visibility: 'hidden' as const }],
    ['a browser without paint timing', { paintTiming: false }],
  ])('%s loads the app at once', (_name, options) => {
    const load = vi.fn();
    afterFirstPaint(load, fakeWindow(options).env);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a page that has already painted loads the app at once', () => {
    const window = fakeWindow();
    window.paint();
    const load = vi.fn();
    afterFirstPaint(load, window.env);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('preloadPageModules', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it("asks for the route's chunks the server listed, as module preloads", () => {
    document.body.innerHTML = `<script type="application/json" id="${PAGE_MODULES_ID}">["/assets/part-detail-page-a1.js","/assets/card-b2.js"]</script>`;
    preloadPageModules();
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href'), link.crossOrigin])).toEqual([
      ['modulepreload', '/assets/part-detail-page-a1.js', ''],
      ['modulepreload', '/assets/card-b2.js', ''],
    ]);
  });

  it('adds nothing on a page without the list (the SPA shell)', () => {
    preloadPageModules();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});

describe('keepEarlyTaps: a tap on a button before the app has taken the page over', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.hydrated;
  });

  /** A server-rendered page whose buttons count the clicks that reach them (as React's handlers would, on #root). */
  function serverPage(html: string) {
    document.body.innerHTML = `<div id="root">${html}</div>`;
    const reached: string[] = [];
    document.getElementById('root')!.addEventListener('click', (event) => reached.push((event.target as Element).closest('button, a')?.id ?? '?'));
    return reached;
  }
  const hydrated = async () => {
    document.documentElement.dataset.hydrated = 'true';
    await new Promise((resolve) => setTimeout(resolve));
  };

  it('is done once the app has taken over, once, and only the last one (no double add)', async () => {
    const reached = serverPage('<button type="button" id="add"><svg id="icon"></svg>Add</button><button type="button" id="open">Open</button>');
    keepEarlyTaps();
    document.getElementById('add')!.click();
    document.getElementById('icon')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('open')!.click();
    expect(reached).toEqual([]);
    await hydrated();
    expect(reached).toEqual(['open']);
    // Once the app is there, clicks go straight to it.
    document.getElementById('add')!.click();
    expect(reached).toEqual(['open', 'add']);
  });

  it("leaves links and a form's submit buttons to the browser (they work without the app), and drops a tap on a button gone by then", async () => {
    const reached = serverPage('<a href="#x" id="link">Link</a><form><button id="send">Send</button></form><button type="button" id="gone">Gone</button>');
    document.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
    keepEarlyTaps();
    document.getElementById('link')!.click();
    document.getElementById('send')!.click();
    expect(reached).toEqual(['link', 'send']);
    document.getElementById('gone')!.click();
    document.getElementById('gone')!.remove();
    await hydrated();
    expect(reached).toEqual(['link', 'send']);
  });

  it('does nothing on the SPA shell (nothing is there to tap before the app renders it)', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    keepEarlyTaps();
    const button = document.createElement('button');
    button.type = 'button';
    document.getElementById('root')!.append(button);
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    button.click();
    expect(clicked).toHaveBeenCalledTimes(1);
  });
});
