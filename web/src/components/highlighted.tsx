import type { TextSegment } from '@parts/shared/highlight';

/** Text with the runs that matched the buyer's query marked. */
export function Highlighted({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0 text-inherit">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
