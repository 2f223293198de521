import { useMemo, useState } from 'react';
import { Paperclip } from '../../../components/ui/icons';
import { formatQuantity } from '@parts/shared/numbers/display';
import type { QuoteRequestDetail } from '@parts/shared/quote-offers';
import { utcDay } from '@parts/shared/quote-offers';
import { waitingOn } from '@parts/shared/quote-transitions';
import type { QuoteStatus } from '@parts/shared/constants';
import type { Attachment, QuoteItem } from '@parts/shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { QuoteStatusBadge } from '../../../components/quote-status-badge';
import { formatDate, formatDateTime, formatUnitPrice } from '../../../lib/format';
import { historyText } from '../../quote-loop';
import { Button } from '../../../components/ui/button';
import { useQuoteDetail } from '../../quote-loop';
import { useOffer } from '../../quote-loop';
import { MessageThread } from '../../quote-loop';
import { OfferEditor } from '../../quote-loop';
import { WaitingBadge } from '../../quote-loop';
import { OfferPanel } from '../../quote-loop';
import { ExtendValidity } from '../../quote-loop';
import { OrderConfirm } from '../../quote-loop';
import { OrderView } from '../../quote-loop';
import { useUpdateQuoteStatus } from '../api/update-quote-status';
import { QUOTE_STATUS_OPTIONS } from '../lib/select-options';
import { LoadError } from '../../../components/ui/load-error';
import { OptionSelect } from './option-select';
import { DRAWN_WHOLE, useRowWindow } from '../../../hooks/use-row-window';
import { cn } from '../../../lib/cn';

function formatBytes(size: number): string {
  return size >= 1024 * 1024 ? `${(size / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;
}

const hasDetails = (item: QuoteItem) => Boolean(item.reference || item.targetPrice !== undefined || item.neededBy || item.note || item.attachments?.length);

/** One line: a catalogue part, or a free-text line (not in the catalogue) marked as such. */
function ItemRow({ item, withDetails, index, measure }: { item: QuoteItem; withDetails: boolean; index: number; measure: (element: Element | null) => void }) {
  const free = item.part ? undefined : (item.freeText ?? {});
  return (
    <TableRow data-testid="quote-line" data-index={index} ref={measure}>
      {/* Part numbers and names wrap anywhere, so the table fits the dialog on a phone. */}
      <TableCell className="font-mono text-xs [overflow-wrap:anywhere]">{item.part?.partNumber ?? free?.partNumber ?? '—'}</TableCell>
      <TableCell className="[overflow-wrap:anywhere]">
        {item.part ? (
          item.part.name
        ) : (
          <div className="grid gap-1">
            <Badge variant="yellow" className="w-fit">
              Not in catalogue
            </Badge>
            {free?.description ? <span>{free.description}</span> : null}
            {free?.manufacturer ? <span className="text-xs text-slate-600">{free.manufacturer}</span> : null}
          </div>
        )}
      </TableCell>
      <TableCell className="text-right">{formatQuantity(item.quantity)}</TableCell>
      {withDetails ? (
        <TableCell className="text-xs">
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
            {item.reference ? (
              <>
                <dt className="text-slate-600">Reference</dt>
                <dd>{item.reference}</dd>
              </>
            ) : null}
            {item.targetPrice !== undefined ? (
              <>
                <dt className="text-slate-600">Target price</dt>
                <dd>{formatUnitPrice(item.targetPrice)}</dd>
              </>
            ) : null}
            {item.neededBy ? (
              <>
                <dt className="text-slate-600">Needed by</dt>
                <dd>{formatDate(item.neededBy)}</dd>
              </>
            ) : null}
            {item.note ? (
              <>
                <dt className="text-slate-600">Note</dt>
                <dd className="whitespace-pre-wrap">{item.note}</dd>
              </>
            ) : null}
          </dl>
          {item.attachments?.length ? <AttachmentList attachments={item.attachments} /> : null}
        </TableCell>
      ) : null}
    </TableRow>
  );
}

/** A row's height before it is measured. */
const ITEM_ESTIMATE = 53;

/** The request's lines, only those in sight drawn when there are many (issue 29: a 2,000-line request opens at once). */
function ItemTable({ items }: { items: QuoteItem[] }) {
  const { scroller, rows, before, after, measure } = useRowWindow<HTMLDivElement>(items.length, ITEM_ESTIMATE);
  const withDetails = useMemo(() => items.some(hasDetails), [items]);
  return (
    <div ref={scroller} className={cn(items.length > DRAWN_WHOLE && 'max-h-[60vh] overflow-y-auto overscroll-contain')} data-testid="quote-lines">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Part Number</TableHead>
            <TableHead>Name</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            {withDetails ? <TableHead>Details</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
          {rows.map((row) => (
            <ItemRow key={row.key} index={row.index} measure={measure} item={items[row.index]!} withDetails={withDetails} />
          ))}
          {after > 0 ? <tr aria-hidden style={{ height: after }} /> : null}
        </TableBody>
      </Table>
    </div>
  );
}

function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  return (
    <ul className="grid gap-1 text-sm">
      {attachments.map((a) => (
        <li key={a.key} className="flex items-center gap-2">
          <Paperclip className="h-4 w-4 text-slate-500" aria-hidden />
          {a.url ? (
            <a href={a.url} download={a.fileName} rel="noreferrer" className="text-blue-700 underline-offset-4 hover:underline">
              {a.fileName}
            </a>
          ) : (
            <span>{a.fileName}</span>
          )}
          <span className="text-xs text-slate-500">({formatBytes(a.size)})</span>
        </li>
      ))}
    </ul>
  );
}

/** The reseller's side of the loop: every version sent, and the editor for the first or the next one. */
function OfferSection({ request }: { request: QuoteRequestDetail }) {
  const [editing, setEditing] = useState(false);
  const latest = request.offers[0];
  const latestOffer = useOffer(request.id, latest?.version);
  const canRevise = latest?.state !== 'accepted' && request.items.length > 0;
  return (
    <section aria-label="Offer" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Offer</h3>
        <WaitingBadge waiting={waitingOn(request, utcDay(new Date()))} side="admin" />
        {!editing && latest ? <ExtendValidity quoteId={request.id} offer={latest} /> : null}
        {!editing && canRevise && (latest === undefined || latestOffer.data) ? (
          <Button size="sm" className="ml-auto" onClick={() => setEditing(true)}>
            {latest ? 'Revise offer' : 'Create offer'}
          </Button>
        ) : null}
      </div>
      {editing ? (
        <OfferEditor quoteId={request.id} items={request.items} previous={latestOffer.data?.offer} onDone={() => setEditing(false)} />
      ) : latest ? (
        <>
          {request.order ? <OrderView order={request.order} exports /> : null}
          {request.order ? <OrderConfirm order={request.order} /> : null}
          <OfferPanel quoteId={request.id} offers={request.offers} />
        </>
      ) : (
        <p className="text-sm text-slate-600">No offer sent yet.</p>
      )}
    </section>
  );
}

function Details({ request }: { request: QuoteRequestDetail }) {
  const updateStatus = useUpdateQuoteStatus();
  return (
    <div className="grid gap-5">
      <section aria-label="Customer" className="grid gap-2 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">Customer</h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Name</dt>
            <dd>{request.customerName}</dd>
            <dt className="text-slate-600">Email</dt>
            <dd>{request.customerEmail}</dd>
            <dt className="text-slate-600">Phone</dt>
            <dd>{request.customerPhone || 'N/A'}</dd>
            <dt className="text-slate-600">Company</dt>
            <dd>{request.customerCompany || 'N/A'}</dd>
          </dl>
        </div>
        <div className="grid content-start gap-2">
          <div className="flex items-center gap-2 text-sm">
            <span className="font-semibold">Status</span>
            <QuoteStatusBadge status={request.status} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="quote-status">Update Status</Label>
            <OptionSelect
              id="quote-status"
              value={request.status}
              disabled={updateStatus.isPending}
              onValueChange={(status) => updateStatus.mutate({ id: request.id, status: status as QuoteStatus })}
              options={QUOTE_STATUS_OPTIONS}
            />
          </div>
        </div>
      </section>

      <section aria-label="Items" className="grid gap-2">
        <h3 className="text-sm font-semibold">Items</h3>
        {request.items.length === 0 ? <p className="text-sm text-slate-600">No items in this quote request.</p> : <ItemTable items={request.items} />}
      </section>

      {request.notes ? (
        <section aria-label="Notes" className="grid gap-1">
          <h3 className="text-sm font-semibold">Notes</h3>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{request.notes}</p>
        </section>
      ) : null}

      {request.message ? (
        <section aria-label="Customer message" className="grid gap-1">
          <h3 className="text-sm font-semibold">Customer Message</h3>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{request.message}</p>
        </section>
      ) : null}

      {request.attachments.length > 0 ? (
        <section aria-label="Attachments" className="grid gap-1">
          <h3 className="text-sm font-semibold">Attachments</h3>
          <AttachmentList attachments={request.attachments} />
        </section>
      ) : null}

      <OfferSection request={request} />

      <MessageThread quoteId={request.id} side="reseller" />

      {request.history.length > 0 ? (
        <section aria-label="Status history" className="grid gap-1">
          <h3 className="text-sm font-semibold">Status History</h3>
          <ol className="grid gap-1 text-sm">
            {request.history.map((h, index) => (
              <li key={`${h.at}-${index}`} className="flex flex-wrap items-center gap-2">
                <span className="text-slate-600">{formatDateTime(h.at)}</span>
                <span>
                  {historyText(h)} by {h.by}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

export function QuoteDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const request = useQuoteDetail(id);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Quote Request #{id}</DialogTitle>
          <DialogDescription>{request.data ? `Created ${formatDateTime(request.data.createdAt)}` : 'Loading...'}</DialogDescription>
        </DialogHeader>
        {request.isPending ? <Skeleton className="h-48 w-full" /> : null}
        {request.isError ? <LoadError title="Failed to load the quote request" onRetry={request.refetch} retrying={request.isFetching} /> : null}
        {request.data ? <Details request={request.data} /> : null}
      </DialogContent>
    </Dialog>
  );
}
