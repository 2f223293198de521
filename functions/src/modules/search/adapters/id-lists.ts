/** Id lists read from SQLite as one group_concat(id, ',') string: one value crosses into JavaScript instead of one row per id. */

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
