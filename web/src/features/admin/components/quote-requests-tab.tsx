import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Eye, Plus } from '../../../components/ui/icons';
import type { QuoteStatus } from '@parts/shared/constants';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { QUOTE_STATUS_OPTIONS } from '../lib/select-options';
import { OptionSelect } from './option-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableHead, TableHeader, TableRow, CardCell } from '../../../components/ui/table';
import { QuoteStatusBadge } from '../../../components/quote-status-badge';
import { formatDateTime } from '../../../lib/format';
import { utcDay } from '@parts/shared/quote-offers';
import { waitingOn } from '@parts/shared/quote-transitions';
import { OfferListSummary, WaitingBadge } from '../../quote-loop';
import { useQuoteRequests } from '../api/get-quote-requests';
import { EmptyState } from './empty-state';
import { QuoteCreateDialog } from './quote-create-dialog';
import { QuoteDetailDialog } from './quote-detail-dialog';
import { TabHeader } from './tab-header';

const SEARCH_DELAY_MS = 300;
const ALL_STATUSES = 'all';
/** The URL parameter naming the open quote request (the admin's notification mail links with it). */
export const QUOTE_PARAM = 'quote';
const STATUS_FILTER_OPTIONS = [{ value: ALL_STATUSES, label: 'All statuses' }, ...QUOTE_STATUS_OPTIONS];

/** The open quote request lives in the URL (?tab=quotes&quote=42): the admin mail links to it, and Back closes it. */
function useQuoteInUrl(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(QUOTE_PARAM) ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const setId = (next: number | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === null) updated.delete(QUOTE_PARAM);
      else updated.set(QUOTE_PARAM, String(next));
      return updated;
    });
  return [id, setId];
}

const ROW_CLASS = 'grid grid-cols-2 gap-x-4 gap-y-2 py-3 md:table-row md:py-0';

/** The server answers 50 at a time (newest first); more come with "Load more". */
export function QuoteRequestsTab() {
  const [status, setStatus] = useState<string>(ALL_STATUSES);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const requests = useQuoteRequests({ ...(status !== ALL_STATUSES ? { status: status as QuoteStatus } : {}), search });
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useQuoteInUrl();
  const list = requests.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = status !== ALL_STATUSES || search.trim() !== '';
  const today = utcDay(new Date());

  let body;
  if (requests.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (list.length === 0 && !requests.hasNextPage) {
    body = filtered ? (
      <EmptyState title="No Quote Requests" text="No quote requests match the filter." />
    ) : (
      <EmptyState title="No Quote Requests" text="Quote requests from customers will appear here." />
    );
  } else {
    body = (
      <Table className="block md:table">
        <TableHeader className="hidden md:table-header-group">
          <TableRow>
            <TableHead>Customer</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Waiting on</TableHead>
            <TableHead>Latest offer</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className="block md:table-row-group">
          {list.map((q) => (
            <TableRow key={q.id} data-testid="quote-row" data-quote-id={q.id} className={ROW_CLASS}>
              <CardCell className="col-span-2">
                <div className="font-medium">{q.customerName}</div>
                <div className="break-all text-xs text-slate-600 md:break-normal">{q.customerEmail}</div>
              </CardCell>
              <CardCell label="Company">{q.customerCompany || 'N/A'}</CardCell>
              <CardCell label="Created">{formatDateTime(q.createdAt)}</CardCell>
              <CardCell label="Status">
                <QuoteStatusBadge status={q.status} />
              </CardCell>
              <CardCell label="Waiting on">
                <WaitingBadge waiting={waitingOn(q, today)} side="admin" />
              </CardCell>
              <CardCell label="Latest offer" className="col-span-2 text-xs">
                {q.offer ? <OfferListSummary offer={q.offer} /> : 'No offer yet'}
              </CardCell>
              <CardCell className="col-span-2 md:text-right">
                <Button size="sm" variant="ghost" aria-label={`View quote request #${q.id}`} onClick={() => setViewing(q.id)}>
                  <Eye className="h-4 w-4" aria-hidden />
                  View
                </Button>
              </CardCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  const more = requests.hasNextPage ? (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" disabled={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
        {requests.isFetchingNextPage ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  ) : null;

  return (
    <section aria-label="Quote Requests">
      <TabHeader title="Quote Requests">
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          New Quote
        </Button>
      </TabHeader>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="quote-search">Search quote requests</Label>
          <Input id="quote-search" type="search" placeholder="Name, e-mail, company or #id" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div className="sm:w-48">
          <Label htmlFor="quote-status-filter">Status</Label>
          <OptionSelect id="quote-status-filter" value={status} onValueChange={setStatus} options={STATUS_FILTER_OPTIONS} />
        </div>
      </div>
      {body}
      {more}
      <QuoteCreateDialog open={creating} onOpenChange={setCreating} />
      {viewing !== null ? <QuoteDetailDialog id={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
