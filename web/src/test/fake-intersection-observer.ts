/** An IntersectionObserver the test drives: `show(...els)` reports the elements in view to every observer watching them. */
export class FakeObserver {
  static all: FakeObserver[] = [];
  watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  unobserve(el: Element) {
    this.watched.delete(el);
  }
  static show(...els: Element[]) {
    for (const o of FakeObserver.all) {
      const entries = els.filter((el) => o.watched.has(el)).map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}
