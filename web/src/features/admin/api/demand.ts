import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DEMAND_SORTS, DemandKind, DemandRow, DemandStatus } from '@parts/shared/schemas';
import { apiFetch } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';
import { api, call } from '../../../lib/api';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

/** Issue 31 (docs/demand.md, docs/demand-ui.md): what buyers asked for that the catalogue lacks. */
export type { DemandCharts, DemandKind, DemandRow, DemandStatus } from '@parts/shared/schemas';
type DemandSort = (typeof DEMAND_SORTS)[number];
type SortOrder = 'desc' | 'asc';
export type { DemandSort, SortOrder };

/** The period and status shared by both lists, the charts and the export. */
export interface DemandFilter {
  from: string;
  to: string;
  status: DemandStatus | 'all';
}

export interface DemandListParams extends DemandFilter {
  kind: DemandKind;
  sort: DemandSort;
  order: SortOrder;
}

/** Rows a page asks for ("Load more" adds the next page). */
const DEMAND_PAGE_SIZE = 25;

const demandApi = () => api.api.admin.demand;

function filterQuery({ from, to, status }: DemandFilter) {
  return { from, to, status };
}

const demandKey = ['admin', 'demand'] as const;

function demandListOptions(params: DemandListParams) {
  return infiniteQueryOptions({
    queryKey: [...demandKey, 'list', params] as const,
    queryFn: ({ pageParam, signal }) => {
      const { kind, sort, order } = params;
      const query = { kind, ...filterQuery(params), sort, order, limit: String(DEMAND_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) };
      return call(demandApi().$get({ query }, { init: { signal } }));
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useDemandList(params: DemandListParams) {
  return useInfiniteQuery(demandListOptions(params));
}

export function useDemandCharts({ from, to }: Pick<DemandFilter, 'from' | 'to'>) {
  return useQuery({
    queryKey: [...demandKey, 'charts', from, to] as const,
    queryFn: ({ signal }) => call(demandApi().charts.$get({ query: { from, to } }, { init: { signal } })),
  });
}

/** The requests that asked for a part before it existed (shown after "Create part", to answer them). */
export function usePartDemand(partId: number | null) {
  return useQuery({
    queryKey: [...demandKey, 'part', partId] as const,
    queryFn: ({ signal }) => call(api.api.admin.parts[':id'].demand.$get({ param: { id: String(partId) } }, { init: { signal } })),
    enabled: partId !== null,
  });
}

const STATUS_DONE: Record<DemandStatus, string> = {
  open: 'Reopened',
  sourced: 'Marked as sourced',
  ignored: 'Ignored',
};

function putStatus({ row, status }: { row: Pick<DemandRow, 'kind' | 'key'>; status: DemandStatus }): Promise<DemandRow> {
  return call(demandApi()[':kind'][':key'].status.$put({ param: { kind: row.kind, key: row.key }, json: { status } }));
}

export function useSetDemandStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putStatus,
    onSuccess: async (row) => {
      toastSuccess(`${STATUS_DONE[row.status]}: ${row.display}`);
      await queryClient.invalidateQueries({ queryKey: [...demandKey, 'list'] });
    },
    onError: (error) => toastAdminError(error, 'Failed to update the status'),
  });
}

/** Refreshes the lists (a created part sets its row's partId). */
export function useRefreshDemand() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...demandKey, 'list'] });
}

type ExportFormat = 'csv' | 'xlsx';

/** The list of the current filter as CSV or XLSX, saved by the browser as a download. */
async function downloadDemand({ format, kind, filter }: { format: ExportFormat; kind: DemandKind; filter: DemandFilter }): Promise<void> {
  const query = new URLSearchParams({ format, kind, ...filterQuery(filter) });
  const res = await apiFetch(`/api/admin/demand/export?${query.toString()}`, { credentials: 'include', headers: { Accept: '*/*' } });
  await saveDownload(res, `demand-${kind}-${filter.from}-${filter.to}.${format}`);
}

export function useDownloadDemand() {
  return useMutation({ mutationFn: downloadDemand, onError: (error) => toastAdminError(error, 'Failed to export the list') });
}
