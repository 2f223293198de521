import { Hono } from 'hono';
import { AUTOCOMPLETE_MIN_CHARS } from '@parts/shared/constants';
import { partsQuerySchema, type PartListQueryParam, type PartsQuery } from '@parts/shared/schemas';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { ValidationError } from '../../../domain/errors';
import { parseOrThrow } from '../../../domain/validation';
import { createSearchService } from '../search-service';
import { publicAnswer } from '../../../http/cache';
import { API_LIFETIME } from '@parts/shared/http-cache';

const MAX_QUERY_CHARS = 200;

/** GET /api/parts (listing, filters, sorts, facets) and GET /api/parts/autocomplete, served by the search index. */
export function partSearchRoutes(deps: Pick<AppDeps, 'search'>) {
  const service = createSearchService(deps);
  return new Hono<AppEnv>()
    .get('/', publicAnswer(API_LIFETIME), async (c) => {
      const query = parseListQuery(c.req.queries());
      const result = await service.listParts(query);
      // Its demand signal (a search, its impressions, a zero result) comes from the page's beacon, POST
      // /api/demand/seen: an answer from a cache never reaches this code (docs/demand.md).
      return c.json(result, 200);
    })
    .get('/autocomplete', publicAnswer(API_LIFETIME), async (c) => {
      const q = (c.req.query('q') ?? '').trim().slice(0, MAX_QUERY_CHARS);
      if (q.length < AUTOCOMPLETE_MIN_CHARS) return c.json({ suggestions: [] }, 200);
      return c.json(await service.autocomplete(q), 200);
    });
}

/**
 * Reads the spec's query string (repeated categoryId/manufacturerId, `q` or the admin's `query`,
 * specifications as JSON) into the shared schema. Empty values count as absent. Only the names in
 * PART_LIST_QUERY_PARAMS can be read: CloudFront's cache key and forwarding are built from that list.
 */
export function parseListQuery(raw: Record<string, string[]>): PartsQuery {
  const present = (name: PartListQueryParam) => (raw[name] ?? []).map((v) => v.trim()).filter((v) => v !== '');
  const first = (name: PartListQueryParam) => present(name)[0];
  let specifications: unknown;
  const specText = first('specifications');
  if (specText !== undefined) {
    try {
      specifications = JSON.parse(specText);
    } catch {
      throw new ValidationError('specifications must be valid JSON', [{ path: 'specifications', message: 'Invalid JSON' }]);
    }
  }
  return parseOrThrow(partsQuerySchema, {
    page: first('page'),
    pageSize: first('pageSize'),
    q: first('q') ?? first('query'),
    categoryIds: present('categoryId'),
    manufacturerIds: present('manufacturerId'),
    specifications,
    sortBy: first('sortBy'),
    sortOrder: first('sortOrder'),
  });
}
