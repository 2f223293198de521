import { useState } from 'react';
import { Plus, Trash2, X } from 'lucide-react';
import type { Suggestion } from '@parts/shared/schemas';
import type { QuoteItem } from '@parts/shared/schemas';
import { dollarsToMicros, formatMicros, lineTotalCents, microsToInput, readMoney } from '@parts/shared/numbers/money';
import {
  MAX_PRICE_BREAKS,
  addDays,
  lineIdentity,
  priceBreakProblem,
  unitPriceFor,
  formatCents,
  utcDay,
  type Offer,
  type OfferInput,
  type OfferLineInput,
} from '@parts/shared/quote-offers';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { MoneyInput } from '../../components/money-input';
import { Textarea } from '../../components/ui/textarea';
import { Badge } from '../../components/ui/badge';
import { PartSearchBox } from '../../components/part-search-box';
import { toast } from '../../hooks/use-toast';
import { errorText } from '../../lib/api-client';
import { useSendOffer } from './api/send-offer';
import { useOfferDraft } from './use-offer-draft';

interface BreakDraft {
  minQuantity: string;
  price: string;
}
interface LineDraft {
  item: QuoteItem;
  supply: boolean;
  quantity: string;
  price: string;
  breaks: BreakDraft[];
  inStock: boolean;
  leadDays: string;
  moq: string;
  note: string;
  reason: string;
  alternative: { partId: number; label: string; price: string; note: string } | null;
}

const DEFAULT_VALIDITY_DAYS = 30;

function draftFor(item: QuoteItem, previous: Offer | undefined): LineDraft {
  const old = previous?.lines.find((l) => l.itemId === item.id);
  const base: LineDraft = {
    item,
    supply: true,
    quantity: String(item.quantity),
    price: item.targetPrice !== undefined ? microsToInput(dollarsToMicros(item.targetPrice)) : '',
    breaks: [],
    inStock: false,
    leadDays: '',
    moq: '1',
    note: '',
    reason: '',
    alternative: null,
  };
  if (!old) return base;
  if (old.status === 'cannot_supply') return { ...base, supply: false, reason: old.reason };
  return {
    ...base,
    quantity: String(old.quantity),
    price: microsToInput(old.unitPriceMicros),
    breaks: old.priceBreaks.map((b) => ({ minQuantity: String(b.minQuantity), price: microsToInput(b.unitPriceMicros) })),
    inStock: old.leadTime === 'in_stock',
    leadDays: old.leadTime === 'in_stock' ? '' : String(old.leadTime),
    moq: String(old.minimumOrderQuantity),
    note: old.note ?? '',
    alternative: old.alternative
      ? {
          partId: old.alternative.partId,
          label: `${old.alternative.partNumber} ${old.alternative.name}`,
          price: microsToInput(old.alternative.unitPriceMicros),
          note: old.alternative.note ?? '',
        }
      : null,
  };
}

const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined);
/** A price as the shared reader understood it, or undefined (the field itself says why). */
const micros = (text: string) => {
  const r = readMoney(text);
  return r.ok ? r.micros : undefined;
};
/** Why a price field cannot be sent, in the reader's words ("“1,234” could be $1,234.00 or $1.234: …"). */
const priceProblem = (text: string, what: string) => {
  const r = readMoney(text);
  if (r.ok) return undefined;
  return text.trim() === '' ? `enter ${what} like 12.50` : `${what}: ${r.message}`;
};

/** The line as the API takes it, or the first thing wrong with it in words the reseller can act on. */
function toInput(d: LineDraft): OfferLineInput | string {
  const label = lineIdentity(d.item).partNumber || lineIdentity(d.item).name;
  if (!d.supply) {
    if (!d.reason.trim()) return `${label}: give a reason why it cannot be supplied`;
    return { itemId: d.item.id, status: 'cannot_supply', reason: d.reason.trim() };
  }
  const quantity = whole(d.quantity);
  const unitPriceMicros = micros(d.price);
  const moq = whole(d.moq || '1');
  if (quantity === undefined || quantity < 1) return `${label}: enter a quantity of 1 or more`;
  if (unitPriceMicros === undefined) return `${label}: ${priceProblem(d.price, 'a unit price')}`;
  if (moq === undefined || moq < 1) return `${label}: enter a minimum order quantity of 1 or more`;
  const leadDays = whole(d.leadDays);
  if (!d.inStock && (leadDays === undefined || leadDays < 1)) return `${label}: enter a lead time in days, or tick In stock`;
  const priceBreaks = [];
  for (const b of d.breaks) {
    const minQuantity = whole(b.minQuantity);
    const price = micros(b.price);
    if (minQuantity === undefined || minQuantity < 2) return `${label}: each price break needs a quantity of 2 or more and a price`;
    if (price === undefined) return `${label}: ${priceProblem(b.price, `the price from ${minQuantity}`)}`;
    priceBreaks.push({ minQuantity, unitPriceMicros: price });
  }
  const rising = priceBreakProblem(unitPriceMicros, priceBreaks);
  if (rising) return `${label}: ${rising.message}`;
  let alternative: { partId: number; unitPriceMicros: number; note?: string } | undefined;
  if (d.alternative) {
    const price = micros(d.alternative.price);
    if (price === undefined) return `${label}: ${priceProblem(d.alternative.price, "the alternative's unit price")}`;
    alternative = { partId: d.alternative.partId, unitPriceMicros: price, ...(d.alternative.note.trim() ? { note: d.alternative.note.trim() } : {}) };
  }
  return {
    itemId: d.item.id,
    status: 'offered',
    quantity,
    unitPriceMicros,
    priceBreaks,
    leadTime: d.inStock ? 'in_stock' : leadDays!,
    minimumOrderQuantity: moq,
    ...(alternative ? { alternative } : {}),
    ...(d.note.trim() ? { note: d.note.trim() } : {}),
  };
}

function LineEditor({ draft, index, onChange }: { draft: LineDraft; index: number; onChange: (d: LineDraft) => void }) {
  const id = `offer-line-${draft.item.id}`;
  const identity = lineIdentity(draft.item);
  const set = (patch: Partial<LineDraft>) => onChange({ ...draft, ...patch });
  const quantity = whole(draft.quantity);
  const price = micros(draft.price);
  const breaks = draft.breaks.flatMap((b) => {
    const q = whole(b.minQuantity);
    const m = micros(b.price);
    return q !== undefined && m !== undefined ? [{ minQuantity: q, unitPriceMicros: m }] : [];
  });
  const preview = quantity !== undefined && price !== undefined ? Number(lineTotalCents(unitPriceFor(price, breaks, quantity), quantity)) : undefined;
  const rising = price !== undefined ? priceBreakProblem(price, breaks) : undefined;

  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3" data-testid="offer-line-editor" data-item-id={draft.item.id}>
      <legend className="px-1 text-sm">
        <span className="font-semibold">Line {index + 1}: </span>
        <span className="font-mono">{identity.partNumber || '—'}</span> {identity.name}
        {draft.item.part ? null : (
          <Badge variant="yellow" className="ml-1">
            Not in catalogue
          </Badge>
        )}
        <span className="text-slate-600"> · requested {draft.item.quantity}</span>
        {draft.item.targetPrice !== undefined ? (
          <span className="text-slate-600"> · target {formatMicros(dollarsToMicros(draft.item.targetPrice))}</span>
        ) : null}
      </legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={!draft.supply} onChange={(e) => set({ supply: !e.target.checked })} />
        Cannot supply
      </label>
      {!draft.supply ? (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            Reason
          </label>
          <Input
            id={`${id}-reason`}
            value={draft.reason}
            maxLength={300}
            onChange={(e) => set({ reason: e.target.value })}
            placeholder="e.g. Discontinued by the manufacturer"
          />
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${id}-price`} className="text-sm font-medium">
                Unit price (USD)
              </label>
              <MoneyInput id={`${id}-price`} value={draft.price} onValueChange={(price) => set({ price })} placeholder="0.00" />
            </div>
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${id}-quantity`} className="text-sm font-medium">
                Quantity
              </label>
              <Input id={`${id}-quantity`} inputMode="numeric" value={draft.quantity} onChange={(e) => set({ quantity: e.target.value })} />
            </div>
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${id}-moq`} className="text-sm font-medium">
                Minimum order qty
              </label>
              <Input id={`${id}-moq`} inputMode="numeric" value={draft.moq} onChange={(e) => set({ moq: e.target.value })} />
            </div>
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${id}-lead`} className="text-sm font-medium">
                Lead time (days)
              </label>
              <Input
                id={`${id}-lead`}
                inputMode="numeric"
                value={draft.inStock ? '' : draft.leadDays}
                disabled={draft.inStock}
                onChange={(e) => set({ leadDays: e.target.value })}
              />
              <label className="flex items-center gap-2 text-xs">
                <input type="checkbox" checked={draft.inStock} onChange={(e) => set({ inStock: e.target.checked })} />
                In stock
              </label>
            </div>
          </div>

          <div className="grid gap-2">
            <span className="text-sm font-medium">Price breaks</span>
            {draft.breaks.map((b, i) => (
              <div key={i} className="flex flex-wrap items-start gap-2" data-testid="price-break-editor">
                <div className="grid gap-1">
                  <label htmlFor={`${id}-break-${i}-qty`} className="text-xs">
                    From quantity
                  </label>
                  <Input
                    id={`${id}-break-${i}-qty`}
                    className="w-28"
                    inputMode="numeric"
                    value={b.minQuantity}
                    onChange={(e) => set({ breaks: draft.breaks.map((x, j) => (j === i ? { ...x, minQuantity: e.target.value } : x)) })}
                  />
                </div>
                <div className="grid gap-1">
                  <label htmlFor={`${id}-break-${i}-price`} className="text-xs">
                    Unit price (USD)
                  </label>
                  <MoneyInput
                    id={`${id}-break-${i}-price`}
                    className="w-28"
                    value={b.price}
                    onValueChange={(price) => set({ breaks: draft.breaks.map((x, j) => (j === i ? { ...x, price } : x)) })}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-5"
                  aria-label={`Remove price break ${i + 1}`}
                  onClick={() => set({ breaks: draft.breaks.filter((_, j) => j !== i) })}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            ))}
            {rising ? (
              <p className="text-sm text-red-700" data-testid="price-break-problem">
                {rising.message}
              </p>
            ) : null}
            {draft.breaks.length < MAX_PRICE_BREAKS ? (
              <Button variant="outline" size="sm" className="w-fit" onClick={() => set({ breaks: [...draft.breaks, { minQuantity: '', price: '' }] })}>
                <Plus className="h-4 w-4" aria-hidden />
                Add price break
              </Button>
            ) : null}
          </div>

          <div className="grid gap-2">
            <span className="text-sm font-medium">Alternative part (optional)</span>
            {draft.alternative ? (
              <div className="flex flex-wrap items-start gap-2 rounded-md bg-blue-50 p-2">
                <span className="min-w-40 grow self-center text-sm" data-testid="alternative-choice">
                  {draft.alternative.label}
                </span>
                <div className="grid gap-1">
                  <label htmlFor={`${id}-alt-price`} className="text-xs">
                    Alternative unit price (USD)
                  </label>
                  <MoneyInput
                    id={`${id}-alt-price`}
                    className="w-32"
                    value={draft.alternative.price}
                    onValueChange={(price) => set({ alternative: { ...draft.alternative!, price } })}
                  />
                </div>
                <div className="grid min-w-40 grow gap-1">
                  <label htmlFor={`${id}-alt-note`} className="text-xs">
                    Alternative note
                  </label>
                  <Input
                    id={`${id}-alt-note`}
                    maxLength={300}
                    value={draft.alternative.note}
                    onChange={(e) => set({ alternative: { ...draft.alternative!, note: e.target.value } })}
                  />
                </div>
                <Button variant="ghost" size="icon" className="mt-5" aria-label="Remove the alternative" onClick={() => set({ alternative: null })}>
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            ) : (
              <PartSearchBox
                label={`Alternative for ${identity.partNumber || identity.name}`}
                placeholder="Search the catalogue for an alternative..."
                onSubmit={() => undefined}
                onSelect={(s: Suggestion) => set({ alternative: { partId: s.id, label: `${s.partNumber} ${s.name}`, price: '', note: '' } })}
              />
            )}
          </div>

          <div className="grid gap-1.5">
            <label htmlFor={`${id}-note`} className="text-sm font-medium">
              Note (optional)
            </label>
            <Input id={`${id}-note`} maxLength={500} value={draft.note} onChange={(e) => set({ note: e.target.value })} />
          </div>
          <p className="text-right text-sm text-slate-700">Line total: {preview !== undefined ? formatCents(preview) : '—'}</p>
        </>
      )}
    </fieldset>
  );
}

/**
 * The reseller's offer: a price (with breaks), lead time, MOQ, optional alternative and note per
 * line, or "cannot supply" with a reason; a validity date and a message. A revision starts from the
 * latest version. The server computes every total again and freezes the version.
 */
export function OfferEditor({ quoteId, items, previous, onDone }: { quoteId: number; items: QuoteItem[]; previous: Offer | undefined; onDone: () => void }) {
  const send = useSendOffer(quoteId);
  const today = utcDay(new Date());
  // Kept in storage while typed, so a reload does not lose a half-written offer (use-stored-draft.ts).
  const draft = useOfferDraft(quoteId, items, previous, () => ({
    lines: items.map((i) => draftFor(i, previous)),
    validUntil: previous && previous.validUntil >= today ? previous.validUntil : addDays(today, DEFAULT_VALIDITY_DAYS),
    message: '',
  }));
  const { lines, validUntil, message } = draft.value;
  const setLines = (next: (all: LineDraft[]) => LineDraft[]) => draft.set((d) => ({ ...d, lines: next(d.lines) }));
  const setValidUntil = (value: string) => draft.set((d) => ({ ...d, validUntil: value }));
  const setMessage = (value: string) => draft.set((d) => ({ ...d, message: value }));
  const [problem, setProblem] = useState<string | null>(null);
  const version = (previous?.version ?? 0) + 1;

  const submit = () => {
    const built = lines.map(toInput);
    const firstProblem = built.find((l): l is string => typeof l === 'string');
    if (firstProblem) return setProblem(firstProblem);
    if (!validUntil) return setProblem('Choose the last day the offer is valid');
    setProblem(null);
    const input: OfferInput = {
      basedOnVersion: previous?.version ?? 0,
      validUntil,
      ...(message.trim() ? { message: message.trim() } : {}),
      lines: built as OfferLineInput[],
    };
    send.mutate(input, {
      onSuccess: () => {
        draft.clear();
        toast({ title: 'Offer sent', description: `Version ${version} of the offer was sent to the buyer.` });
        onDone();
      },
      onError: (error) => setProblem(errorText(error, 'The offer could not be sent. Please try again.')),
    });
  };

  return (
    // Not a <form>: each line's alternative picker is a search form of its own, and forms do not nest.
    <div role="group" className="grid gap-4" aria-label={`Offer version ${version}`}>
      <h4 className="text-sm font-semibold">{previous ? `Revise the offer (version ${version})` : 'New offer'}</h4>
      {draft.restored ? (
        <p className="text-sm text-slate-700" data-testid="offer-draft-restored">
          Your unsent draft of this offer was restored.
        </p>
      ) : null}
      {lines.map((draft, i) => (
        <LineEditor key={draft.item.id} draft={draft} index={i} onChange={(d) => setLines((all) => all.map((x, j) => (j === i ? d : x)))} />
      ))}
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div className="grid gap-1.5">
          <label htmlFor={`offer-${quoteId}-valid`} className="text-sm font-medium">
            Valid until
          </label>
          <Input id={`offer-${quoteId}-valid`} type="date" min={today} value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`offer-${quoteId}-message`} className="text-sm font-medium">
            Message to the buyer (optional)
          </label>
          <Textarea id={`offer-${quoteId}-message`} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : previous ? `Send version ${version}` : 'Send offer'}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            draft.clear();
            onDone();
          }}
          disabled={send.isPending}
        >
          {draft.restored ? 'Discard draft' : 'Cancel'}
        </Button>
      </div>
    </div>
  );
}
