import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

/** Issue 31: what buyers asked for that the catalogue lacks (docs/demand.md has the API). */
export type DemandKind = 'missing' | 'query';
export type DemandStatus = 'open' | 'sourced' | 'ignored';
export type DemandSort = 'count' | 'buyers' | 'lastSeen';
export type SortOrder = 'desc' | 'asc';

export interface DemandRow {
  key: string;
  kind: DemandKind;
  display: string;
  manufacturer: string | null;
  description: string | null;
  count: number;
  buyers: number;
  sessions: number;
  firstSeen: string;
  lastSeen: string;
  /** Daily counts over the period, oldest first. */
  trend: number[];
  requests: { id: string; number: string }[];
  status: DemandStatus;
  statusBy: string | null;
  statusAt: string | null;
  partId: string | null;
}

interface DemandPage {
  items: DemandRow[];
  nextCursor: string | null;
  period: { from: string; to: string };
}

export interface DemandCharts {
  days: { day: string; searches: number; zeroResults: number }[];
  topQueries: { query: string; count: number }[];
  clickThrough: { position: number; impressions: number; clicks: number }[];
}

export interface PartDemand {
  key: string;
  count: number;
  requests: { id: string; number: string; status: string }[];
}

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

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await apiFetch(path, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return (await res.json()) as T;
}

function filterQuery({ from, to, status }: DemandFilter): Record<string, string> {
  return { from, to, status };
}

const demandKey = ['admin', 'demand'] as const;

function demandListOptions(params: DemandListParams) {
  return infiniteQueryOptions({
    queryKey: [...demandKey, 'list', params] as const,
    queryFn: ({ pageParam, signal }) => {
      const { kind, sort, order } = params;
      const query = new URLSearchParams({
        kind,
        ...filterQuery(params),
        sort,
        order,
        limit: String(DEMAND_PAGE_SIZE),
        ...(pageParam ? { cursor: pageParam } : {}),
      });
      return getJson<DemandPage>(`/api/admin/demand?${query.toString()}`, signal);
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
    queryFn: ({ signal }) => getJson<DemandCharts>(`/api/admin/demand/charts?${new URLSearchParams({ from, to }).toString()}`, signal),
  });
}

/** The requests that asked for a part before it existed (shown after "Create part", to answer them). */
export function usePartDemand(partId: number | null) {
  return useQuery({
    queryKey: [...demandKey, 'part', partId] as const,
    queryFn: ({ signal }) => getJson<PartDemand>(`/api/admin/parts/${partId}/demand`, signal),
    enabled: partId !== null,
  });
}

const STATUS_DONE: Record<DemandStatus, string> = {
  open: 'Reopened',
  sourced: 'Marked as sourced',
  ignored: 'Ignored',
};

async function putStatus({ row, status }: { row: Pick<DemandRow, 'kind' | 'key'>; status: DemandStatus }): Promise<DemandRow> {
  const path = `/api/admin/demand/${encodeURIComponent(row.kind)}/${encodeURIComponent(row.key)}/status`;
  const res = await apiFetch(path, {
    method: 'PUT',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return (await res.json()) as DemandRow;
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
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `demand-${kind}-${filter.from}-${filter.to}.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadDemand() {
  return useMutation({ mutationFn: downloadDemand, onError: (error) => toastAdminError(error, 'Failed to export the list') });
}
