import { useState } from 'react';
import { cn } from '../lib/cn';

// Inline so the fallback never needs a network round trip.
// Percent-encoded throughout (no quote or angle bracket), so React has nothing to escape in it on each card it renders.
const FALLBACK_IMAGE =
  'data:image/svg+xml;utf8,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 400 300%27%3E%3Crect width=%27400%27 height=%27300%27 fill=%27%23e2e8f0%27/%3E%3Cg fill=%27none%27 stroke=%27%2394a3b8%27 stroke-width=%2710%27%3E%3Ccircle cx=%27200%27 cy=%27150%27 r=%2755%27/%3E%3Ccircle cx=%27200%27 cy=%27150%27 r=%2718%27/%3E%3C/g%3E%3C/svg%3E';

/** A part picture; the placeholder when there is none, and the fallback when loading fails. */
export function PartImage({ src, alt, className }: { src?: string | null; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? FALLBACK_IMAGE : src;
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={400}
      height={300}
      onError={() => setFailed(true)}
      className={cn('aspect-[4/3] w-full bg-slate-100 object-cover', className)}
    />
  );
}
