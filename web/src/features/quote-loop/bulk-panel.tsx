import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { applyBulkRule, readPercent, type BulkRule } from './bulk-rules';
import type { LineDraft } from './offer-line-draft';

type Scope = 'all' | 'unpriced' | 'checked';
type Kind = 'leadTime' | 'inStock' | 'moq' | 'catalogPrice' | 'cannotSupply';

const SCOPES: Record<Scope, string> = { all: 'All lines', unpriced: 'Lines without a price', checked: 'Checked lines' };
const KINDS: Record<Kind, string> = {
  leadTime: 'Lead time (days)',
  inStock: 'In stock',
  moq: 'Minimum order qty',
  catalogPrice: 'Catalogue price ± %',
  cannotSupply: 'Cannot supply, with reason',
};

const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : undefined);

/** The rule as typed, or what is wrong with the value. */
function ruleOf(kind: Kind, value: string): BulkRule | string {
  if (kind === 'inStock') return { kind: 'leadTime', days: 'in_stock' };
  if (kind === 'leadTime') return whole(value) !== undefined ? { kind: 'leadTime', days: whole(value)! } : 'Enter a lead time of 1 day or more';
  if (kind === 'moq') return whole(value) !== undefined ? { kind: 'moq', moq: whole(value)! } : 'Enter a minimum order quantity of 1 or more';
  if (kind === 'catalogPrice') return readPercent(value) !== undefined ? { kind: 'catalogPrice', percent: value } : 'Enter a percentage like 15 or -5.5';
  return value.trim() ? { kind: 'cannotSupply', reason: value.trim().slice(0, 300) } : 'Give a reason why they cannot be supplied';
}

/**
 * Bulk rules (issue 29 item 3): one change to all lines, the lines without a price, or the checked ones; the last
 * bulk change can be undone. Catalogue prices come from the catalogue (`loadPrices`), only for the lines picked.
 */
export function BulkPanel({
  lines,
  checked,
  setLines,
  loadPrices,
}: {
  lines: LineDraft[];
  checked: ReadonlySet<number>;
  setLines: (next: (all: LineDraft[]) => LineDraft[]) => void;
  loadPrices: (partIds: number[]) => Promise<Map<number, number>>;
}) {
  const [scope, setScope] = useState<Scope>('all');
  const [kind, setKind] = useState<Kind>('leadTime');
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const [undo, setUndo] = useState<LineDraft[] | null>(null);
  const [busy, setBusy] = useState(false);

  const picked = () =>
    new Set(
      lines.filter((l) => (scope === 'all' ? true : scope === 'unpriced' ? l.supply && l.price.trim() === '' : checked.has(l.item.id))).map((l) => l.item.id),
    );

  const apply = async () => {
    const rule = ruleOf(kind, value);
    if (typeof rule === 'string') return setOutcome(rule);
    const ids = picked();
    if (ids.size === 0) return setOutcome('No line is picked.');
    setBusy(true);
    try {
      const partIds = lines.flatMap((l) => (ids.has(l.item.id) && l.item.part ? [l.item.part.id] : []));
      const prices = rule.kind === 'catalogPrice' ? await loadPrices(partIds) : new Map<number, number>();
      const result = applyBulkRule(lines, ids, rule, prices);
      setUndo(lines);
      setLines(() => result.lines);
      setOutcome(
        `${result.changed.toLocaleString('en-US')} ${result.changed === 1 ? 'line' : 'lines'} changed` +
          (result.skipped > 0 ? `; ${result.skipped.toLocaleString('en-US')} skipped (no catalogue price).` : '.'),
      );
    } catch {
      setOutcome('The catalogue prices could not be loaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3" aria-label="Change many lines" data-testid="bulk-panel">
      <h5 className="text-sm font-semibold">Change many lines</h5>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-xs">
          Lines
          <select className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm" value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
            {(Object.keys(SCOPES) as Scope[]).map((s) => (
              <option key={s} value={s}>
                {SCOPES[s]}
                {s === 'checked' ? ` (${checked.size})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs">
          Set
          <select className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {(Object.keys(KINDS) as Kind[]).map((k) => (
              <option key={k} value={k}>
                {KINDS[k]}
              </option>
            ))}
          </select>
        </label>
        {kind !== 'inStock' ? (
          <label className="grid min-w-0 gap-1 text-xs">
            {kind === 'catalogPrice' ? 'Percent (+ or −)' : kind === 'cannotSupply' ? 'Reason' : 'Value'}
            <Input className="w-40" value={value} onChange={(e) => setValue(e.target.value)} />
          </label>
        ) : null}
        <Button size="sm" onClick={() => void apply()} disabled={busy}>
          Apply
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!undo}
          onClick={() => {
            if (undo) setLines(() => undo);
            setUndo(null);
            setOutcome('The last bulk change was undone.');
          }}
        >
          Undo last bulk change
        </Button>
      </div>
      {outcome ? (
        <p className="text-sm" role="status" data-testid="bulk-outcome">
          {outcome}
        </p>
      ) : null}
    </section>
  );
}
