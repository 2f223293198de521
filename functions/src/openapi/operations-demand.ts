import * as z from 'zod';
import {
  DEMAND_KINDS,
  DEMAND_SORTS,
  DEMAND_STATUSES,
  demandChartsSchema,
  demandPageSchema,
  demandRowSchema,
  demandStatusInputSchema,
  partDemandSchema,
  searchClickInputSchema,
  demandSeenInputSchema,
} from '@parts/shared/schemas';
import type { Operation } from './operation';

const day = (description: string) => ({ schema: z.string(), description: `${description} (YYYY-MM-DD)` });
const period = { from: day('First day, default 29 days before `to`'), to: day('Last day, default today') };
const statusFilter = { schema: z.enum([...DEMAND_STATUSES, 'all']), description: 'Only terms in this status (default open)' };
const kind = { schema: z.enum(DEMAND_KINDS), description: 'missing: part numbers asked for; query: searches that found nothing (default missing)' };

/** The demand routes (issue 31, docs/demand.md): the admin's Demand tab and the web's result-opened beacon (ADR 124). */
export const DEMAND_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/admin/demand',
    tag: 'Demand (admin)',
    summary: 'Missing part numbers or zero-result queries over a period, ranked, a page at a time',
    access: 'admin',
    query: {
      kind,
      ...period,
      sort: { schema: z.enum(DEMAND_SORTS), description: 'default count' },
      order: { schema: z.enum(['desc', 'asc']), description: 'default desc' },
      status: statusFilter,
      limit: { schema: z.number().int().min(1).max(100), description: 'Page size (1 to 100, default 50)' },
      cursor: { schema: z.string(), description: 'The `nextCursor` of the page before' },
    },
    ok: { status: 200, schema: demandPageSchema },
  },
  {
    method: 'get',
    path: '/api/admin/demand/charts',
    tag: 'Demand (admin)',
    summary: 'Searches and zero-result searches per day, the top 20 zero-result queries, click-through by position',
    access: 'admin',
    query: period,
    ok: { status: 200, schema: demandChartsSchema },
  },
  {
    method: 'put',
    path: '/api/admin/demand/:kind/:key/status',
    tag: 'Demand (admin)',
    summary: 'Mark a term open, sourced or ignored (kept with who and when)',
    access: 'admin',
    body: demandStatusInputSchema,
    ok: { status: 200, schema: demandRowSchema },
  },
  {
    method: 'get',
    path: '/api/admin/demand/export',
    tag: 'Demand (admin)',
    summary: 'The ranked list as CSV (UTF-8 with BOM) or XLSX for the purchasing team',
    access: 'admin',
    query: { format: { schema: z.enum(['csv', 'xlsx']), description: 'default csv' }, kind, ...period, status: statusFilter },
    ok: { status: 200, type: 'application/octet-stream' },
  },
  {
    method: 'get',
    path: '/api/admin/parts/:id/demand',
    tag: 'Demand (admin)',
    summary: "A part's carried-over demand: its count and the requests that asked for it",
    access: 'admin',
    ok: { status: 200, schema: partDemandSchema },
  },
  {
    method: 'post',
    path: '/api/demand/opened',
    tag: 'Demand (admin)',
    summary: "The web's beacon: a buyer opened the search result at this position (click-through by position)",
    access: 'public',
    body: searchClickInputSchema,
    ok: { status: 204 },
  },
  {
    method: 'post',
    path: '/api/demand/seen',
    tag: 'Demand (admin)',
    summary:
      "The web's beacon: a search listing's first page (text, filters, parts matched and shown) or a part page was shown; counted here so pages answered from a cache count too (docs/demand.md). Rate-limited (429)",
    access: 'public',
    body: demandSeenInputSchema,
    ok: { status: 204 },
  },
];
