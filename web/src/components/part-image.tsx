import { useState } from 'react';
import { cn } from '../lib/cn';

// Inline so the fallback never needs a network round trip.
const FALLBACK_IMAGE =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 400 300'><rect width='400' height='300' fill='%23e2e8f0'/><g fill='none' stroke='%2394a3b8' stroke-width='10'><circle cx='200' cy='150' r='55'/><circle cx='200' cy='150' r='18'/></g></svg>";

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
