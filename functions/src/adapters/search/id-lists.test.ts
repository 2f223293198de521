import { describe, expect, it } from 'vitest';
import { idList, intersectAll, unionAll } from './id-lists';

const ids = (...xs: number[]) => Int32Array.from(xs);
const sortedUnique = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** A deterministic pseudo-random ascending list of ids below max. */
function list(seed: number, count: number, max: number): Int32Array {
  let x = seed;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(1 + (x % (max - 1)));
  }
  return Int32Array.from(sortedUnique(out));
}

describe('id lists', () => {
  it('reads a group_concat string, and nothing for null or an empty string', () => {
    expect([...idList('3,17,250000,1048576')]).toEqual([3, 17, 250000, 1048576]);
    expect([...idList('42')]).toEqual([42]);
    expect(idList(null)).toHaveLength(0);
    expect(idList('')).toHaveLength(0);
  });

  it('intersects by merging lists of similar size and by galloping through a much longer one', () => {
    expect([...intersectAll([ids(1, 3, 5, 7), ids(2, 3, 4, 7, 9)])]).toEqual([3, 7]);
    const long = list(7, 20000, 100000);
    const short = Int32Array.from(
      [long[5]!, 1 + long[5]!, long[9000]!, long[long.length - 1]!, 100001].filter((v, i, a) => a.indexOf(v) === i).sort((a, b) => a - b),
    );
    const expected = [...short].filter((v) => long.includes(v));
    expect([...intersectAll([long, short])]).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const a = list(1, 5000, 20000);
    const b = list(2, 5000, 20000);
    const c = list(3, 8000, 20000);
    expect([...intersectAll([a, b, c])]).toEqual([...a].filter((v) => b.includes(v) && c.includes(v)));
    expect(intersectAll([a, ids()])).toHaveLength(0);
    expect(intersectAll([])).toHaveLength(0);
  });

  it('unites small lists by sorting and large ones by marking, each id once and ascending, and leaves the marks cleared', () => {
    const mark = new Uint8Array(30001);
    expect([...unionAll([ids(5, 9), ids(1, 9, 30000)], mark)]).toEqual([1, 5, 9, 30000]);
    const a = list(4, 6000, 30000);
    const b = list(5, 6000, 30000);
    const united = unionAll([a, b, ids()], mark);
    expect([...united]).toEqual(sortedUnique([...a, ...b]));
    expect(mark.every((m) => m === 0)).toBe(true);
    // Ids past the scratch buffer are sorted instead.
    expect([...unionAll([ids(2, 40000), ids(40000, 50000)], new Uint8Array(10))]).toEqual([2, 40000, 50000]);
    expect([...unionAll([a], mark)]).toEqual([...a]);
  });
});
