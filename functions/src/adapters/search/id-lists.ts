/** Sorted id lists of the embedded engine: word matches read from FTS5 and combined here (see ADR 070). */

/** Ids in every list (each ascending), smallest list first; a much longer list is searched by galloping. */
export function intersectAll(lists: Int32Array[]): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let out = sorted[0]!;
  for (let k = 1; k < sorted.length && out.length > 0; k++) out = intersect(out, sorted[k]!);
  return out === sorted[0] ? out.slice() : out;
}

function intersect(small: Int32Array, large: Int32Array): Int32Array {
  const out = new Int32Array(small.length);
  let n = 0;
  if (small.length * 16 < large.length) {
    let lo = 0;
    for (let i = 0; i < small.length; i++) {
      const x = small[i]!;
      let step = 1;
      let hi = lo;
      while (hi < large.length && large[hi]! < x) {
        lo = hi + 1;
        hi += step;
        step *= 2;
      }
      if (hi > large.length) hi = large.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (large[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      if (lo < large.length && large[lo] === x) out[n++] = x;
    }
  } else {
    let j = 0;
    for (let i = 0; i < small.length && j < large.length; i++) {
      const x = small[i]!;
      while (j < large.length && large[j]! < x) j++;
      if (j < large.length && large[j] === x) out[n++] = x;
    }
  }
  return out.slice(0, n);
}

/** Ids in any list, ascending and once: small unions are sorted, large ones marked and read back in id order. */
export function unionAll(lists: Int32Array[], mark: Uint8Array): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return lists[0]!.slice();
  let total = 0;
  let max = 0;
  for (const l of lists) {
    total += l.length;
    if (l.length > 0 && l[l.length - 1]! > max) max = l[l.length - 1]!;
  }
  if (total * 8 < max || max >= mark.length) {
    const all = new Int32Array(total);
    let at = 0;
    for (const l of lists) {
      all.set(l, at);
      at += l.length;
    }
    all.sort();
    let kept = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i]!;
    return all.slice(0, kept);
  }
  for (const l of lists) for (let i = 0; i < l.length; i++) mark[l[i]!] = 1;
  const out = new Int32Array(total);
  let n = 0;
  for (let id = 0; id <= max; id++) {
    out[n] = id;
    n += mark[id]!;
    mark[id] = 0;
  }
  return out.slice(0, n);
}

/** Ids from a group_concat(id, ',') (null when nothing matched). */
export function idList(joined: unknown): Int32Array {
  if (typeof joined !== 'string' || joined.length === 0) return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < joined.length; i++) if (joined.charCodeAt(i) === 44) count++;
  const out = new Int32Array(count);
  let k = 0;
  let value = 0;
  for (let i = 0; i < joined.length; i++) {
    const ch = joined.charCodeAt(i);
    if (ch === 44) {
      out[k++] = value;
      value = 0;
    } else value = value * 10 + (ch - 48);
  }
  out[k] = value;
  return out;
}
