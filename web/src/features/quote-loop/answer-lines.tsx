import { formatCents, type LineChoice, type Offer } from '@parts/shared/quote-offers';

/** The buyer's choice per line of the offer: the offered part, its alternative, or not this line; "Cannot supply" lines say so. */
export function AnswerLines({
  offer,
  choices,
  onChoose,
}: {
  offer: Offer;
  choices: Record<number, LineChoice>;
  onChoose: (itemId: number, choice: LineChoice) => void;
}) {
  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
      {offer.lines.map((line) => (
        <li key={line.itemId} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="answer-line" data-item-id={line.itemId}>
          <span className="min-w-40">
            <span className="font-mono text-xs">{line.partNumber || '—'}</span> {line.name}
          </span>
          {line.status === 'cannot_supply' ? (
            <span className="text-slate-600">Cannot supply</span>
          ) : (
            <select
              aria-label={`Your choice for ${line.partNumber || line.name}`}
              className="h-9 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
              value={choices[line.itemId] ?? 'offered'}
              onChange={(e) => onChoose(line.itemId, e.target.value as LineChoice)}
            >
              <option value="offered">Accept at {formatCents(line.lineTotalCents)}</option>
              {line.alternative ? (
                <option value="alternative">
                  Accept alternative {line.alternative.partNumber} at {formatCents(line.alternative.lineTotalCents)}
                </option>
              ) : null}
              <option value="declined">Do not accept this line</option>
            </select>
          )}
        </li>
      ))}
    </ul>
  );
}
