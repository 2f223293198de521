import { describe, expect, it, vi } from 'vitest';
import { countActiveFilters, readFilters, writeFilters } from './use-catalog-filters';

describe('catalogue URL state', () => {
  it('reads q, repeated ids, specifications JSON, sortBy and only asc/desc', () => {
    const filters = readFilters(
      new URLSearchParams(
        'q=pump&categoryId=3&categoryId=4&manufacturerId=9&specifications=%7B%22bore%22%3A%7B%22min%22%3A10%7D%7D&sortBy=partNumber&sortOrder=sideways',
      ),
    );
    expect(filters).toEqual({
      query: 'pump',
      categoryIds: [3, 4],
      manufacturerIds: [9],
      specifications: { bore: { min: 10 } },
      sortBy: 'partNumber',
      sortOrder: undefined,
    });
  });

  it('ignores invalid specifications JSON (only logged), bad ids and unknown sorts', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const filters = readFilters(new URLSearchParams('specifications=%7Bbroken&categoryId=abc&categoryId=-1&sortBy=price'));
    expect(filters.specifications).toEqual({});
    expect(filters.categoryIds).toEqual([]);
    expect(filters.sortBy).toBe('relevance');
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it('drops specification keys the catalogue does not filter on (an edited or old link), so the API is never sent them', () => {
    const raw = JSON.stringify({ colour: { min: 1 }, bore: { max: 40 }, k900: { min: 2 } });
    const filters = readFilters(new URLSearchParams({ specifications: raw }));
    expect(filters.specifications).toEqual({ bore: { max: 40 } });
    expect(writeFilters(filters, 1).get('specifications')).toBe('{"bore":{"max":40}}');
  });

  it('round-trips through the URL and leaves page 1 and relevance implicit', () => {
    const filters = readFilters(new URLSearchParams('q=valve&manufacturerId=2&sortBy=manufacturer&sortOrder=desc'));
    expect(writeFilters(filters, 1).toString()).toBe('q=valve&manufacturerId=2&sortBy=manufacturer&sortOrder=desc');
    expect(writeFilters({ ...filters, sortBy: 'relevance', sortOrder: undefined }, 3).toString()).toBe('q=valve&manufacturerId=2&page=3');
  });

  it('counts the query, each checked box and each spec range, leaving out the dimension the page fixes', () => {
    const filters = readFilters(
      new URLSearchParams(
        'q=pump&categoryId=3&categoryId=4&manufacturerId=9&specifications=%7B%22bore%22%3A%7B%22min%22%3A10%7D%2C%22stroke%22%3A%7B%22max%22%3A5%7D%7D&sortBy=partNumber',
      ),
    );
    expect(countActiveFilters(filters, { categories: true, manufacturers: true })).toBe(6);
    expect(countActiveFilters(filters, { categories: false, manufacturers: true })).toBe(4);
    expect(countActiveFilters(readFilters(new URLSearchParams('sortBy=partNumber&page=2')), { categories: true, manufacturers: true })).toBe(0);
  });
});
