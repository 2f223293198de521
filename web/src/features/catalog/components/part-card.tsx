import { ClipboardPlus } from '../../../components/ui/icons';
import { PART_CARD_SPECS } from '@parts/shared/constants';
import { markPartNumber, markWords } from '@parts/shared/highlight';
import type { Highlight, PartView } from '@parts/shared/schemas';
import { specName } from '@parts/shared/spec-names';
import { Button } from '../../../components/ui/button';
import { Highlighted } from '../../../components/highlighted';
import { PartImage } from '../../../components/part-image';
import { PartStatusBadge } from '../../../components/part-status-badge';
import { formatListPrice } from '../../../lib/format';
import { useQuoteBasket } from '../../quote-basket';
import { PrefetchLink } from '../../../components/prefetch-link';

/** A listing card: the part page link, then its price and an Add to quote button; `highlight` marks what matched the search. */
export function PartCard({ part, highlight }: { part: PartView; highlight?: Highlight | undefined }) {
  const { add } = useQuoteBasket();
  const specs = Object.entries(part.specifications).slice(0, PART_CARD_SPECS);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-600 hover:shadow-md">
      <PrefetchLink to={`/part/${part.slug}`} className="block flex-1 focus-visible:outline-none" data-testid="part-card">
        <PartImage src={part.image} alt={part.name} />
        <div className="grid gap-1 p-4">
          <div className="flex items-start justify-between gap-2">
            <h2 className="line-clamp-2 min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">
              <Highlighted segments={markWords(part.name, highlight)} />
            </h2>
            <PartStatusBadge status={part.status} className="shrink-0" />
          </div>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{part.manufacturer?.name ?? 'Unknown Manufacturer'}</p>
          <p className="font-mono text-sm text-slate-700 [overflow-wrap:anywhere]">
            <Highlighted segments={markPartNumber(part.partNumber, highlight?.partNumber)} />
          </p>
          {specs.length > 0 ? (
            <ul className="mt-2 grid gap-0.5 text-xs text-slate-600">
              {specs.map(([name, value]) => (
                <li key={name} className="[overflow-wrap:anywhere]">
                  {specName(name)}: {value}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </PrefetchLink>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
        <p className="font-semibold text-slate-900">{formatListPrice(part.price)}</p>
        <Button size="sm" variant="outline" onClick={() => add(part)} aria-label={`Add to quote: ${part.name}`}>
          <ClipboardPlus className="h-4 w-4" aria-hidden />
          Add to quote
        </Button>
      </div>
    </article>
  );
}
