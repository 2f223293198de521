import { Download, Paperclip } from '../../components/ui/icons';
import { formatMicros } from '@parts/shared/numbers/money';
import { formatQuantity } from '@parts/shared/numbers/display';
import { formatCents } from '@parts/shared/quote-offers';
import { ORDER_STATE_TEXT, type Order, type OrderLine } from '@parts/shared/orders';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { formatDate, formatDateTime } from '../../lib/format';
import { orderExportUrl, orderPdfUrl } from './api/order';

const STATE_TONE: Record<Order['state'], string> = {
  placed: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
};

function lineState(line: OrderLine): string {
  if (line.state === 'confirmed') return `Ships ${formatDate(line.shipDate!)}`;
  if (line.state === 'rejected') return `Rejected: ${line.rejectReason}`;
  return 'Awaiting confirmation';
}

/** The order an accepted offer placed (ADR 121), as both sides read it: the PO, each line and its state, the totals. */
export function OrderView({ order, exports = false }: { order: Order; /** The admin's CSV and JSON export links for the ERP. */ exports?: boolean }) {
  return (
    <section aria-label="Order" className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-md border border-slate-200 p-3" data-testid="order">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Order</h3>
        <Badge className={STATE_TONE[order.state]} data-testid="order-state">
          {ORDER_STATE_TEXT[order.state]}
        </Badge>
        <span className="text-sm text-slate-600">Placed {formatDateTime(order.placedAt)}</span>
        <a href={orderPdfUrl(order.quoteId)} download className={buttonVariants({ variant: 'outline', size: 'sm', className: 'ml-auto' })}>
          <Download className="h-4 w-4" aria-hidden />
          {order.state === 'placed' ? 'Order PDF' : 'Order confirmation PDF'}
        </a>
        {exports ? (
          <>
            <a href={orderExportUrl(order.quoteId, 'csv')} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              CSV
            </a>
            <a href={orderExportUrl(order.quoteId, 'json')} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              JSON
            </a>
          </>
        ) : null}
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span data-testid="order-po">PO number: {order.purchaseOrder.number ?? 'none given'}</span>
        {order.purchaseOrder.document ? (
          <a href={order.purchaseOrder.document.url} className="inline-flex items-center gap-1 text-blue-700 underline">
            <Paperclip className="h-3.5 w-3.5" aria-hidden />
            {order.purchaseOrder.document.fileName}
          </a>
        ) : null}
      </p>
      <ul className="grid grid-cols-[minmax(0,1fr)] divide-y divide-slate-100 text-sm">
        {order.lines.map((line) => (
          <li key={line.itemId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2" data-testid="order-line" data-state={line.state}>
            <span className="min-w-0 grow basis-56 break-words">
              <span className="font-mono text-xs">{line.partNumber}</span> {line.name}
              {line.insteadOf ? <span className="text-slate-600"> (alternative to {line.insteadOf.partNumber})</span> : null}
              {line.reference ? <span className="block text-xs text-slate-600">Your ref. {line.reference}</span> : null}
            </span>
            <span className="tabular-nums">
              {formatQuantity(line.quantity)} × {formatMicros(line.unitPriceMicros)} = {formatCents(line.lineTotalCents)}
            </span>
            {line.neededBy ? <span className="text-slate-600">Needed by {formatDate(line.neededBy)}</span> : null}
            <span
              className={line.state === 'rejected' ? 'font-medium text-red-800' : line.state === 'confirmed' ? 'font-medium text-green-800' : 'text-amber-800'}
            >
              {lineState(line)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-right text-sm">
        Order total <span className="font-semibold tabular-nums">{formatCents(order.totalCents)}</span>
        {order.confirmedTotalCents !== undefined ? (
          <>
            {' · '}Confirmed <span className="font-semibold tabular-nums">{formatCents(order.confirmedTotalCents)}</span>
          </>
        ) : null}
      </p>
    </section>
  );
}
