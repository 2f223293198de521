import type { FreeBasketLine } from '../features/quote-basket';
import { Badge } from './ui/badge';

/** A basket line that matched nothing in the catalogue: what the buyer gave, marked "Not in catalogue". */
export function FreeLineSummary({ freeText }: { freeText: FreeBasketLine['freeText'] }) {
  return (
    <>
      <p className="break-words font-medium [overflow-wrap:anywhere]">{freeText.partNumber ?? freeText.description ?? 'Line'}</p>
      <p className="break-words text-sm text-slate-600 [overflow-wrap:anywhere]">
        <Badge variant="yellow" className="mr-1">
          Not in catalogue
        </Badge>
        {[freeText.manufacturer, freeText.partNumber ? freeText.description : undefined].filter(Boolean).join(' · ')}
      </p>
    </>
  );
}
