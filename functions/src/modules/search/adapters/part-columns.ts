/**
 * In-memory columns of the embedded engine, indexed by part id (ids come from a counter, so they
 * are dense): category, manufacturer, whether discontinued, numeric specs, and the two sort orders. Filtering, exact
 * totals and facet counts are one pass over typed arrays, which SQLite cannot match at 1M rows.
 */
export interface ColumnRow {
  id: number;
  categoryId: number;
  manufacturerId: number;
  /** Discontinued parts rank below the others for equal relevance. */
  discontinued: boolean;
  specNumbers: Record<string, number>;
}

/** Reads sort keys from the store so the orders can be patched without keeping strings in memory. */
export interface SortKeySource {
  /** ids sorted by (partNumber upper-cased, id) and by (manufacturer name lower-cased, partNumber, id). */
  loadOrders(): { byPartNumber: Int32Array; byManufacturer: Int32Array };
  keys(id: number): { pn: string; mfr: string } | undefined;
}

export type OrderName = 'partNumber' | 'manufacturer';

/** Above this many changed parts in one write, the sort orders are rebuilt on the next sorted read. */
const PATCH_LIMIT = 200;

export class PartColumns {
  private capacity = 0;
  alive = new Uint8Array(0);
  category = new Int32Array(0);
  manufacturer = new Int32Array(0);
  /** 1 for a discontinued part. */
  discontinued = new Uint8Array(0);
  specs = new Map<string, Float64Array>();
  /** Leaf category id → the category and its ancestors. */
  categoryPaths = new Map<number, number[]>();
  maxId = 0;
  maxCategoryId = 0;
  maxManufacturerId = 0;
  size = 0;
  /** Live discontinued parts. */
  discontinuedCount = 0;
  /** Live parts per own category / manufacturer, kept on every write: the unfiltered listing's facets (categories after categoryTotals). */
  categoryCounts: number[] = [];
  manufacturerCounts: number[] = [];
  private postings: { category: Map<number, Int32Array>; manufacturer: Map<number, Int32Array> } | null = null;
  private orders: Record<OrderName, Int32Array> | null = null;
  private ranks: Record<OrderName, Int32Array> | null = null;

  constructor(private readonly source: SortKeySource) {}

  private grow(id: number) {
    if (id < this.capacity) return;
    let next = Math.max(1024, this.capacity);
    while (next <= id) next *= 2;
    const copy = <T extends Uint8Array | Int32Array | Float64Array>(old: T, make: (n: number) => T, fill?: number) => {
      const arr = make(next);
      if (fill !== undefined) arr.fill(fill);
      arr.set(old);
      return arr;
    };
    this.alive = copy(this.alive, (n) => new Uint8Array(n));
    this.category = copy(this.category, (n) => new Int32Array(n));
    this.manufacturer = copy(this.manufacturer, (n) => new Int32Array(n));
    this.discontinued = copy(this.discontinued, (n) => new Uint8Array(n));
    for (const [key, arr] of this.specs)
      this.specs.set(
        key,
        copy(arr, (n) => new Float64Array(n), Number.NaN),
      );
    this.capacity = next;
  }

  /** Loads rows without touching the sort orders (open, bulk writes). */
  set(row: ColumnRow) {
    this.grow(row.id);
    if (this.alive[row.id]) {
      const oldCategory = this.category[row.id]!;
      const oldManufacturer = this.manufacturer[row.id]!;
      if (oldCategory !== row.categoryId || oldManufacturer !== row.manufacturerId) this.postings = null;
      this.categoryCounts[oldCategory]!--;
      this.manufacturerCounts[oldManufacturer]!--;
      this.discontinuedCount -= this.discontinued[row.id]!;
    } else {
      this.size++;
      this.postings = null;
    }
    this.categoryCounts[row.categoryId] = (this.categoryCounts[row.categoryId] ?? 0) + 1;
    this.manufacturerCounts[row.manufacturerId] = (this.manufacturerCounts[row.manufacturerId] ?? 0) + 1;
    this.alive[row.id] = 1;
    this.category[row.id] = row.categoryId;
    this.manufacturer[row.id] = row.manufacturerId;
    this.discontinued[row.id] = row.discontinued ? 1 : 0;
    if (row.discontinued) this.discontinuedCount++;
    for (const arr of this.specs.values()) arr[row.id] = Number.NaN;
    for (const [key, value] of Object.entries(row.specNumbers)) this.setSpec(key, row.id, value);
    if (row.id > this.maxId) this.maxId = row.id;
    if (row.categoryId > this.maxCategoryId) this.maxCategoryId = row.categoryId;
    if (row.manufacturerId > this.maxManufacturerId) this.maxManufacturerId = row.manufacturerId;
  }

  setCategoryPath(categoryId: number, path: number[]) {
    this.categoryPaths.set(categoryId, path);
    for (const id of path) if (id > this.maxCategoryId) this.maxCategoryId = id;
  }

  /**
   * Counts per own category rolled up the tree: each category's count plus its descendants', i.e. what
   * filtering on it would return. One walk over the (hundreds of) categories, not over parts.
   */
  categoryTotals(ownCounts: ArrayLike<number>): Int32Array {
    const totals = new Int32Array(this.maxCategoryId + 1);
    for (let id = 0; id < ownCounts.length; id++) {
      const n = ownCounts[id] ?? 0;
      if (n <= 0) continue;
      const path = this.categoryPaths.get(id);
      if (!path) totals[id]! += n;
      else for (const p of path) totals[p]! += n;
    }
    return totals;
  }

  setSpec(key: string, id: number, value: number) {
    this.grow(id);
    let arr = this.specs.get(key);
    if (!arr) {
      arr = new Float64Array(this.capacity).fill(Number.NaN);
      this.specs.set(key, arr);
    }
    arr[id] = value;
  }

  delete(id: number) {
    if (id >= this.capacity || !this.alive[id]) return;
    this.alive[id] = 0;
    this.size--;
    this.categoryCounts[this.category[id]!]!--;
    this.manufacturerCounts[this.manufacturer[id]!]!--;
    this.discontinuedCount -= this.discontinued[id]!;
    this.postings = null;
  }

  /** Ids (ascending) of the live parts in one leaf category or of one manufacturer; built on demand after membership changes. */
  idsOf(kind: 'category' | 'manufacturer', key: number): Int32Array {
    if (!this.postings) {
      const build = (column: Int32Array, counts: number[]) => {
        const lists: Int32Array[] = [];
        const fill = new Int32Array(counts.length);
        counts.forEach((n, k) => {
          if (n > 0) lists[k] = new Int32Array(n);
        });
        for (let id = 1; id <= this.maxId; id++) {
          if (!this.alive[id]) continue;
          const k = column[id]!;
          lists[k]![fill[k]!++] = id;
        }
        const out = new Map<number, Int32Array>();
        lists.forEach((list, k) => out.set(k, list));
        return out;
      };
      this.postings = { category: build(this.category, this.categoryCounts), manufacturer: build(this.manufacturer, this.manufacturerCounts) };
    }
    return this.postings[kind].get(key) ?? new Int32Array(0);
  }

  /** After a write: patch the sort orders for a few parts, or drop them for a lazy rebuild. */
  changed(ids: number[]) {
    if (!this.orders) return;
    if (ids.length > PATCH_LIMIT) {
      this.orders = null;
      this.ranks = null;
      return;
    }
    const drop = new Set(ids);
    const keys = new Map<number, { pn: string; mfr: string }>();
    for (const id of drop) {
      const k = this.alive[id] ? this.source.keys(id) : undefined;
      if (k) keys.set(id, k);
    }
    for (const name of ['partNumber', 'manufacturer'] as const) {
      const kept = this.orders[name].filter((id) => !drop.has(id));
      // One merge per write: positions are found in the kept order, then everything is copied once.
      const inserts = [...keys].map(([id, k]) => ({ id, at: this.position(kept, name, id, k), key: sortKey(name, k, id) }));
      inserts.sort((a, b) => a.at - b.at || compareKeys(a.key, b.key));
      const next = new Int32Array(kept.length + inserts.length);
      let from = 0;
      let to = 0;
      for (const ins of inserts) {
        next.set(kept.subarray(from, ins.at), to);
        to += ins.at - from;
        from = ins.at;
        next[to++] = ins.id;
      }
      next.set(kept.subarray(from), to);
      this.orders[name] = next;
    }
    this.ranks = null;
  }

  private position(order: Int32Array, name: OrderName, id: number, keys: { pn: string; mfr: string }) {
    const target = sortKey(name, keys, id);
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.source.keys(order[mid]!);
      if (other && compareKeys(sortKey(name, other, order[mid]!), target) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  order(name: OrderName): Int32Array {
    if (!this.orders) {
      const loaded = this.source.loadOrders();
      this.orders = { partNumber: loaded.byPartNumber, manufacturer: loaded.byManufacturer };
    }
    return this.orders[name];
  }

  /** id → position in the order, for sorting small result sets without scanning the whole order. */
  rank(name: OrderName): Int32Array {
    const order = this.order(name);
    if (!this.ranks) this.ranks = { partNumber: new Int32Array(0), manufacturer: new Int32Array(0) };
    if (this.ranks[name].length !== this.capacity) {
      const rank = new Int32Array(this.capacity);
      for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
      this.ranks[name] = rank;
    }
    return this.ranks[name];
  }

  clear() {
    this.capacity = 0;
    this.alive = new Uint8Array(0);
    this.category = new Int32Array(0);
    this.manufacturer = new Int32Array(0);
    this.discontinued = new Uint8Array(0);
    this.specs = new Map();
    this.categoryPaths = new Map();
    this.maxId = 0;
    this.maxCategoryId = 0;
    this.maxManufacturerId = 0;
    this.size = 0;
    this.discontinuedCount = 0;
    this.categoryCounts = [];
    this.manufacturerCounts = [];
    this.postings = null;
    this.orders = null;
    this.ranks = null;
  }
}

function sortKey(name: OrderName, k: { pn: string; mfr: string }, id: number): (string | number)[] {
  return name === 'partNumber' ? [k.pn, id] : [k.mfr, k.pn, id];
}

function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}
