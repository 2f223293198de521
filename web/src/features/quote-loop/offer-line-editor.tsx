import { memo } from 'react';
import { Plus, Trash2, X } from '../../components/ui/icons';
import type { Suggestion } from '@parts/shared/schemas';
import { dollarsToMicros, formatMicros } from '@parts/shared/numbers/money';
import { MAX_PRICE_BREAKS, formatCents, lineIdentity } from '@parts/shared/quote-offers';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { MoneyInput } from '../../components/money-input';
import { Badge } from '../../components/ui/badge';
import { PartSearchBox } from '../../components/part-search-box';
import { previewLineTotal, risingBreak, type LineDraft } from './offer-line-draft';

type LinePatch = (patch: Partial<LineDraft>) => void;

/** Up to MAX_PRICE_BREAKS quantity breaks, each at most the price before it. */
function PriceBreaksEditor({ id, draft, set }: { id: string; draft: LineDraft; set: LinePatch }) {
  const rising = risingBreak(draft);
  return (
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
  );
}

/** An alternative catalogue part with its own price and note, picked by searching the catalogue. */
function AlternativeEditor({ id, draft, set, identity }: { id: string; draft: LineDraft; set: LinePatch; identity: { partNumber: string; name: string } }) {
  return (
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
  );
}

/**
 * One requested line: its price, quantity, MOQ, lead time, breaks, alternative and note, or why it cannot be
 * supplied. Memoised: typing in one line re-renders that line only (onChange is stable).
 */
export const LineEditor = memo(function LineEditor({
  draft,
  index,
  onChange,
  checked,
  onCheck,
}: {
  draft: LineDraft;
  index: number;
  onChange: (index: number, d: LineDraft) => void;
  /** Picked for a bulk change. */
  checked: boolean;
  onCheck: (itemId: number, checked: boolean) => void;
}) {
  const id = `offer-line-${draft.item.id}`;
  const identity = lineIdentity(draft.item);
  const set: LinePatch = (patch) => onChange(index, { ...draft, ...patch });
  const preview = previewLineTotal(draft);

  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3" data-testid="offer-line-editor" data-item-id={draft.item.id}>
      <legend className="px-1 text-sm">
        <input
          type="checkbox"
          className="mr-1.5 align-middle"
          aria-label={`Pick line ${index + 1} for a bulk change`}
          checked={checked}
          onChange={(e) => onCheck(draft.item.id, e.target.checked)}
        />
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

          <PriceBreaksEditor id={id} draft={draft} set={set} />
          <AlternativeEditor id={id} draft={draft} set={set} identity={identity} />
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
});
