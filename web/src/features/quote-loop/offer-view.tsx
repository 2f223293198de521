import { Download } from '../../components/ui/icons';
import { Link } from 'react-router-dom';
import { formatMicros } from '@parts/shared/numbers/money';
import { formatQuantity } from '@parts/shared/numbers/display';
import { LINE_ANSWER_TEXT, lineAnswers } from '@parts/shared/offer-answers';
import { effectiveOfferState } from '@parts/shared/quote-transitions';
import { diffOffers, formatCents, formatLeadTime, utcDay, type LineChange, type Offer, type OfferLine } from '@parts/shared/quote-offers';
import { buttonVariants } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Table, TableBody, TableHead, TableHeader, TableRow, CardCell } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import { offerPdfUrl } from './api/get-offer';
import { OfferStateBadge } from './offer-labels';
import { DRAWN_WHOLE, useRowWindow } from '../../hooks/use-row-window';

/** "was $12.00" beside a value that changed since the previous version. */
function Was({ text }: { text: string | undefined }) {
  if (text === undefined) return null;
  return <span className="block text-xs text-amber-800 line-through decoration-amber-700/60">was {text}</span>;
}

const ROW_CLASS = 'grid grid-cols-2 gap-x-4 gap-y-2 py-3 md:table-row md:py-0';

function previousValue(change: LineChange | undefined, field: 'quantity' | 'unitPrice' | 'leadTime' | 'minimumOrderQuantity'): string | undefined {
  const old = change?.previous;
  if (!change || !old || old.status !== 'offered' || !change.fields.includes(field)) return undefined;
  if (field === 'quantity') return formatQuantity(old.quantity);
  if (field === 'unitPrice') return formatMicros(old.appliedUnitPriceMicros);
  if (field === 'leadTime') return formatLeadTime(old.leadTime);
  return formatQuantity(old.minimumOrderQuantity);
}

function PartCell({ line }: { line: OfferLine }) {
  return (
    <div className="min-w-40">
      <div className="font-mono text-xs">{line.partNumber || '—'}</div>
      {line.slug ? (
        <Link to={`/part/${line.slug}`} className="break-words hover:underline">
          {line.name}
        </Link>
      ) : (
        <span className="break-words">{line.name}</span>
      )}
      {line.partId === undefined ? (
        <Badge variant="yellow" className="ml-1">
          Not in catalogue
        </Badge>
      ) : null}
    </div>
  );
}

function LineRow({
  line,
  change,
  index,
  measure,
}: {
  line: OfferLine;
  change: LineChange | undefined;
  index: number;
  measure: (element: Element | null) => void;
}) {
  const changed = change !== undefined;
  const drawn = { 'data-index': index, ref: measure };
  if (line.status === 'cannot_supply') {
    return (
      <TableRow {...drawn} data-testid="offer-line" data-item-id={line.itemId} className={cn(ROW_CLASS, changed && 'bg-amber-50')}>
        <CardCell className="col-span-2">
          <PartCell line={line} />
        </CardCell>
        <CardCell label="Qty" className="md:text-right">
          {formatQuantity(line.requestedQuantity)}
        </CardCell>
        <CardCell colSpan={4} className="col-span-2">
          <Badge variant="red">Cannot supply</Badge> <span className="text-sm">{line.reason}</span>
          {changed && change.previous?.status === 'offered' ? <Was text={`offered at ${formatMicros(change.previous.appliedUnitPriceMicros)}`} /> : null}
        </CardCell>
        <CardCell label="Line total" className="md:text-right">
          —
        </CardCell>
      </TableRow>
    );
  }
  return (
    <TableRow {...drawn} data-testid="offer-line" data-item-id={line.itemId} className={cn(ROW_CLASS, changed && 'bg-amber-50')}>
      <CardCell className="col-span-2 align-top">
        <PartCell line={line} />
        {line.alternative ? (
          <div className="mt-2 rounded border border-blue-200 bg-blue-50 p-2 text-xs" data-testid="offer-alternative">
            <span className="font-semibold">Alternative: </span>
            <span className="font-mono">{line.alternative.partNumber}</span> {line.alternative.name} at {formatMicros(line.alternative.unitPriceMicros)} each (
            {formatCents(line.alternative.lineTotalCents)}){line.alternative.note ? <div className="mt-1 text-slate-700">{line.alternative.note}</div> : null}
          </div>
        ) : null}
        {line.note ? <div className="mt-1 whitespace-pre-wrap text-xs text-slate-700">Note: {line.note}</div> : null}
        {changed && change.fields.includes('status') && change.previous ? <Was text="cannot supply" /> : null}
      </CardCell>
      <CardCell label="Qty" className="align-top md:text-right">
        {formatQuantity(line.quantity)}
        {line.quantity !== line.requestedQuantity ? <span className="block text-xs text-slate-500">asked {formatQuantity(line.requestedQuantity)}</span> : null}
        <Was text={previousValue(change, 'quantity')} />
      </CardCell>
      <CardCell label="Unit price" className="align-top md:text-right">
        {formatMicros(line.appliedUnitPriceMicros)}
        <Was text={previousValue(change, 'unitPrice')} />
      </CardCell>
      <CardCell label="Price breaks" className="align-top text-xs">
        {line.priceBreaks.length === 0 ? (
          '—'
        ) : (
          <ul data-testid="price-breaks">
            <li>1+: {formatMicros(line.unitPriceMicros)}</li>
            {line.priceBreaks.map((b) => (
              <li key={b.minQuantity}>
                {formatQuantity(b.minQuantity)}+: {formatMicros(b.unitPriceMicros)}
              </li>
            ))}
          </ul>
        )}
        {change?.fields.includes('priceBreaks') ? <span className="block text-amber-800">breaks changed</span> : null}
      </CardCell>
      <CardCell label="Lead time" className="align-top">
        {formatLeadTime(line.leadTime)}
        <Was text={previousValue(change, 'leadTime')} />
      </CardCell>
      <CardCell label="MOQ" className="align-top md:text-right">
        {formatQuantity(line.minimumOrderQuantity)}
        <Was text={previousValue(change, 'minimumOrderQuantity')} />
      </CardCell>
      <CardCell label="Line total" className="align-top font-medium md:text-right">
        {formatCents(line.lineTotalCents)}
      </CardCell>
    </TableRow>
  );
}

/** A row's height before it is measured (a table row; a card on a phone is taller). */
const ROW_ESTIMATE = 72;

/** The lines, only those in sight drawn when there are many (issue 29: a 2,000-line offer opens at once). */
function OfferLineTable({ lines, changes }: { lines: OfferLine[]; changes: Map<number, LineChange> }) {
  const { scroller, rows, before, after, measure } = useRowWindow<HTMLDivElement>(lines.length, ROW_ESTIMATE);
  return (
    <div ref={scroller} className={cn(lines.length > DRAWN_WHOLE && 'max-h-[75vh] overflow-y-auto overscroll-contain')} data-testid="offer-lines">
      <Table className="block md:table">
        <TableHeader className="hidden md:table-header-group">
          <TableRow>
            <TableHead>Part</TableHead>
            <TableHead className="text-right">Qty</TableHead>
            <TableHead className="text-right">Unit price</TableHead>
            <TableHead>Price breaks</TableHead>
            <TableHead>Lead time</TableHead>
            <TableHead className="text-right">MOQ</TableHead>
            <TableHead className="text-right">Line total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className="block md:table-row-group">
          {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
          {rows.map((row) => (
            <LineRow key={row.key} index={row.index} measure={measure} line={lines[row.index]!} change={changes.get(lines[row.index]!.itemId)} />
          ))}
          {after > 0 ? <tr aria-hidden style={{ height: after }} /> : null}
        </TableBody>
      </Table>
    </div>
  );
}

/** One version of an offer, as both sides read it: lines, breaks, lead times, totals, and what changed since the version before. */
export function OfferView({
  offer,
  previous,
  latest,
  supersededBy,
}: {
  offer: Offer;
  previous?: Offer | undefined;
  latest: boolean;
  /** The newer version that replaced this one while it was still open (it can no longer be answered). */
  supersededBy?: number | undefined;
}) {
  const changes = previous ? diffOffers(previous, offer) : new Map<number, LineChange>();
  const state = latest ? effectiveOfferState(offer, utcDay(new Date())) : offer.state;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3" data-testid="offer-view" data-version={offer.version}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="font-semibold">Offer version {offer.version}</span>
        {supersededBy !== undefined ? (
          <>
            <OfferStateBadge state="superseded" />
            <span className="font-medium text-slate-700" data-testid="offer-superseded">
              Superseded by version {supersededBy}
            </span>
          </>
        ) : (
          <OfferStateBadge state={state} />
        )}
        <span className="text-slate-600">Sent {formatDateTime(offer.sentAt)}</span>
        <span className="text-slate-600">Valid until {formatDate(offer.validUntil)}</span>
        <a
          href={offerPdfUrl(offer.quoteId, offer.version)}
          download
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'ml-auto' })}
          data-testid="offer-pdf"
        >
          <Download className="h-4 w-4" aria-hidden />
          Download PDF
        </a>
      </div>
      {previous ? (
        <p className="text-sm text-slate-700" data-testid="offer-changes">
          {changes.size === 0
            ? `No line changed since version ${previous.version}.`
            : `${changes.size} ${changes.size === 1 ? 'line' : 'lines'} changed since version ${previous.version} (highlighted). Total was ${formatCents(previous.totalCents)}.`}
        </p>
      ) : null}
      {offer.message ? <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm text-slate-800">{offer.message}</p> : null}
      <OfferLineTable lines={offer.lines} changes={changes} />
      <div className="flex flex-wrap justify-end gap-x-6 text-sm">
        <span>
          Total{' '}
          <span className="font-semibold" data-testid="offer-total">
            {formatCents(offer.totalCents)}
          </span>
        </span>
        {offer.response?.acceptedTotalCents !== undefined ? (
          <span>
            Accepted{' '}
            <span className="font-semibold" data-testid="offer-accepted-total">
              {formatCents(offer.response.acceptedTotalCents)}
            </span>
          </span>
        ) : null}
      </div>
      {offer.response ? <ResponseSummary offer={offer} /> : null}
    </div>
  );
}

/** What the buyer answered: the answer per line (a line the reseller could not supply says so), or the reason / message. */
function ResponseSummary({ offer }: { offer: Offer }) {
  const response = offer.response!;
  const answers = lineAnswers(offer);
  const heading = response.kind === 'accepted' ? 'Accepted' : response.kind === 'declined' ? 'Declined' : 'Revision requested';
  return (
    <div className="rounded-md border border-slate-200 p-3 text-sm" data-testid="offer-response">
      <p className="font-semibold">
        {heading} by {response.by} on {formatDateTime(response.at)}
      </p>
      {answers ? (
        <ul className="mt-1 grid gap-0.5">
          {answers.map(({ line, answer }) => (
            <li key={line.itemId}>
              {line.partNumber || line.name}: {LINE_ANSWER_TEXT[answer]}
              {answer === 'alternative' && line.status === 'offered' && line.alternative ? ` ${line.alternative.partNumber}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {response.text ? <p className="mt-1 whitespace-pre-wrap text-slate-700">{response.text}</p> : null}
    </div>
  );
}
