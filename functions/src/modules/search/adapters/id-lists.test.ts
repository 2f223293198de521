import { describe, expect, it } from 'vitest';
import { idList } from './id-lists';

describe('id lists', () => {
  it('reads a group_concat string, and nothing for null or an empty string', () => {
    expect([...idList('3,17,250000,1048576')]).toEqual([3, 17, 250000, 1048576]);
    expect([...idList('42')]).toEqual([42]);
    expect(idList(null)).toHaveLength(0);
    expect(idList('')).toHaveLength(0);
  });
});
