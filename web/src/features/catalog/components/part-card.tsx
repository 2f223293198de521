import { Link } from 'react-router-dom';
import { PART_CARD_SPECS } from '@parts/shared/constants';
import { markPartNumber, markWords } from '@parts/shared/highlight';
import type { Highlight, PartView } from '@parts/shared/schemas';
import { Card } from '../../../components/ui/card';
import { Highlighted } from '../../../components/highlighted';
import { PartImage } from '../../../components/part-image';
import { capitalize } from '../../../lib/format';

/** A listing card; `highlight` marks what matched the search in the name and the part number. */
export function PartCard({ part, highlight }: { part: PartView; highlight?: Highlight | undefined }) {
  const specs = Object.entries(part.specifications).slice(0, PART_CARD_SPECS);
  return (
    <Card className="overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-blue-600 hover:shadow-md">
      <Link to={`/part/${part.slug}`} className="block focus-visible:outline-none" data-testid="part-card">
        <PartImage src={part.image} alt={part.name} />
        <div className="grid gap-1 p-4">
          <h2 className="line-clamp-2 font-semibold text-slate-900">
            <Highlighted segments={markWords(part.name, highlight)} />
          </h2>
          <p className="text-sm text-slate-600">{part.manufacturer?.name ?? 'Unknown Manufacturer'}</p>
          <p className="font-mono text-sm text-slate-700">
            <Highlighted segments={markPartNumber(part.partNumber, highlight?.partNumber)} />
          </p>
          {specs.length > 0 ? (
            <ul className="mt-2 grid gap-0.5 text-xs text-slate-600">
              {specs.map(([name, value]) => (
                <li key={name}>
                  {capitalize(name)}: {value}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Link>
    </Card>
  );
}
