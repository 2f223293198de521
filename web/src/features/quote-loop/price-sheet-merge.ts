import { formatMicros, microsToInput, readMoney } from '@parts/shared/numbers/money';
import { formatLeadTime, lineIdentity } from '@parts/shared/quote-offers';
import { IN_STOCK_TEXT, type PriceSheetFill, type PriceSheetLine } from '@parts/shared/price-sheet';
import type { LineDraft } from './offer-line-draft';

/**
 * The price sheet and the editor's draft (ADR 117): the draft's fields as the sheet's cells (export),
 * and a loaded sheet's checked lines as drafts, with what each changes (the preview before applying).
 */

/** The alternative's part number: the label is "PART-NUMBER Name". */
const alternativeNumber = (d: LineDraft) => (d.alternative ? d.alternative.label.split(' ')[0]! : '');

export function fillsOf(lines: LineDraft[]): PriceSheetFill[] {
  return lines.map((d) =>
    d.supply
      ? {
          itemId: d.item.id,
          unitPrice: d.price,
          breaks: d.breaks.map((b) => ({ quantity: b.minQuantity, price: b.price })),
          moq: d.moq,
          leadTime: d.inStock ? IN_STOCK_TEXT : d.leadDays,
          alternative: alternativeNumber(d),
          note: d.note,
        }
      : { itemId: d.item.id, reason: d.reason },
  );
}

/** The draft a checked sheet line makes of the current one. The alternative keeps its price when the part stays, else takes the line's. */
function draftFromSheet(d: LineDraft, line: PriceSheetLine): LineDraft {
  if (line.status === 'cannot_supply') return { ...d, supply: false, reason: line.reason };
  const price = line.unitPriceMicros !== undefined ? microsToInput(line.unitPriceMicros) : '';
  const alt = line.alternative;
  const kept = alt && d.alternative?.partId === alt.partId ? d.alternative : undefined;
  return {
    ...d,
    supply: true,
    reason: '',
    price,
    breaks: line.priceBreaks.map((b) => ({ minQuantity: String(b.minQuantity), price: microsToInput(b.unitPriceMicros) })),
    moq: line.minimumOrderQuantity !== undefined ? String(line.minimumOrderQuantity) : '1',
    inStock: line.leadTime === 'in_stock',
    leadDays: typeof line.leadTime === 'number' ? String(line.leadTime) : '',
    note: line.note ?? '',
    alternative: alt ? { partId: alt.partId, label: `${alt.partNumber} ${alt.name}`, price: kept?.price ?? price, note: kept?.note ?? '' } : null,
  };
}

const money = (text: string) => {
  const r = readMoney(text);
  return text.trim() === '' ? '—' : r.ok ? formatMicros(r.micros) : text;
};
const lead = (d: LineDraft) => (d.inStock ? formatLeadTime('in_stock') : d.leadDays ? formatLeadTime(Number(d.leadDays)) : '—');
const breaks = (d: LineDraft) => (d.breaks.length ? d.breaks.map((b) => `${b.minQuantity}+ ${money(b.price)}`).join(', ') : '—');

export interface SheetChange {
  itemId: number;
  label: string;
  /** "Unit price: $1.00 → $1.10" per changed field. */
  fields: string[];
}

/** What each line of the sheet changes in the draft, in words; lines it leaves as they are are not listed. */
function sheetChanges(before: LineDraft, after: LineDraft): string[] {
  const out: string[] = [];
  const diff = (name: string, a: string, b: string) => (a !== b ? out.push(`${name}: ${a || '—'} → ${b || '—'}`) : undefined);
  if (before.supply !== after.supply) {
    out.push(after.supply ? 'Offered again' : `Cannot supply: ${after.reason}`);
    if (!after.supply) return out;
  }
  if (!after.supply) {
    diff('Reason', before.reason, after.reason);
    return out;
  }
  diff('Unit price', money(before.price), money(after.price));
  diff('Price breaks', breaks(before), breaks(after));
  diff('MOQ', before.moq, after.moq);
  diff('Lead time', lead(before), lead(after));
  diff('Alternative', before.alternative?.label ?? '', after.alternative?.label ?? '');
  diff('Note', before.note, after.note);
  return out;
}

/** The drafts with the sheet's lines applied, and the change list the preview shows. */
export function applySheet(lines: LineDraft[], sheet: PriceSheetLine[]): { next: LineDraft[]; changes: SheetChange[] } {
  const byItem = new Map(sheet.map((l) => [l.itemId, l]));
  const changes: SheetChange[] = [];
  const next = lines.map((d) => {
    const line = byItem.get(d.item.id);
    if (!line) return d;
    const after = draftFromSheet(d, line);
    const fields = sheetChanges(d, after);
    if (fields.length === 0) return d;
    const id = lineIdentity(d.item);
    changes.push({ itemId: d.item.id, label: `Line ${d.item.id} · ${id.partNumber || id.name}`, fields });
    return after;
  });
  return { next, changes };
}
