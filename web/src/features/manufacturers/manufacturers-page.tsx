import { useMemo, useRef, useState } from 'react';
import { DIRECTORY_SKELETON_GROUPS, DIRECTORY_SKELETON_ROWS, SITE_NAME } from '@parts/shared/constants';
import type { Manufacturer } from '@parts/shared/schemas';
import { useManufacturers } from '../../api/get-manufacturers';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { cn } from '../../lib/cn';
import { PrefetchLink } from '../../components/prefetch-link';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

function groupByLetter(manufacturers: Manufacturer[]): Map<string, Manufacturer[]> {
  const groups = new Map<string, Manufacturer[]>();
  for (const m of [...manufacturers].sort((a, b) => a.name.localeCompare(b.name))) {
    const letter = m.name.charAt(0).toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), m]);
  }
  return groups;
}

function letterId(letter: string) {
  return `letter-${/[A-Z]/.test(letter) ? letter : 'other'}`;
}

/**
 * Scrolls a letter's section to just below the sticky header and the A–Z bar (both measured: on a
 * phone the header is about twice as tall and the bar wraps to several rows).
 */
function scrollToLetter(letter: string, bar: HTMLElement | null) {
  const section = document.getElementById(letterId(letter));
  if (!section) return;
  const headerHeight = document.querySelector('header')?.offsetHeight ?? 0;
  const top = section.getBoundingClientRect().top + window.scrollY - headerHeight - (bar?.offsetHeight ?? 0) - 8;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduceMotion ? 'instant' : 'smooth' });
}

export default function ManufacturersPage() {
  const { data, isPending, isError, isFetching, refetch } = useManufacturers();
  const [search, setSearch] = useState('');
  const barRef = useRef<HTMLElement>(null);
  useDocumentTitle(`Manufacturers Directory | ${SITE_NAME}`);

  const groups = useMemo(() => {
    const term = search.trim().toLowerCase();
    return groupByLetter((data ?? []).filter((m) => m.name.toLowerCase().includes(term)));
  }, [data, search]);
  const otherLetters = [...groups.keys()].filter((l) => !LETTERS.includes(l));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Manufacturers' }]} />
      <h1 className="text-3xl font-bold">Manufacturers Directory</h1>
      <p className="mt-1 text-slate-600">Browse parts by the manufacturers we carry.</p>
      <div className="mt-6 max-w-md">
        <label htmlFor="manufacturer-search" className="sr-only">
          Search manufacturers
        </label>
        <Input id="manufacturer-search" type="search" placeholder="Search manufacturers..." value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <nav
        ref={barRef}
        aria-label="Manufacturers by letter"
        className="sticky top-[var(--header-height)] z-30 mt-4 border-y border-slate-200 bg-slate-50/95 py-2 backdrop-blur"
      >
        <ul className="flex flex-wrap gap-1">
          {[...LETTERS, ...otherLetters].map((letter) => {
            const enabled = groups.has(letter);
            return (
              <li key={letter}>
                <button
                  type="button"
                  disabled={!enabled}
                  onClick={() => scrollToLetter(letter, barRef.current)}
                  className={cn(
                    'h-8 w-8 rounded text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                    enabled ? 'text-blue-700 hover:bg-blue-50' : 'cursor-not-allowed text-slate-400',
                  )}
                >
                  {letter}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      {isPending ? (
        <div className="mt-6 grid gap-8" aria-busy="true">
          {Array.from({ length: DIRECTORY_SKELETON_GROUPS }, (_, g) => (
            <div key={g} data-testid="directory-skeleton-group">
              <Skeleton className="mb-3 h-7 w-10" />
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {Array.from({ length: DIRECTORY_SKELETON_ROWS }, (_, r) => (
                  <Skeleton key={r} className="h-6 w-3/4" />
                ))}
              </div>
            </div>
          ))}
        </div>
      ) : isError ? (
        <LoadError className="mt-6" title="Failed to load manufacturers" onRetry={refetch} retrying={isFetching} />
      ) : groups.size === 0 ? (
        <p className="mt-8 text-slate-600">No manufacturers found matching &quot;{search}&quot;</p>
      ) : (
        <div className="mt-6 grid gap-8">
          {[...groups.entries()].map(([letter, list]) => (
            <section key={letter} id={letterId(letter)} aria-labelledby={`${letterId(letter)}-heading`} className="scroll-mt-32">
              <h2 id={`${letterId(letter)}-heading`} className="mb-3 border-b border-slate-200 pb-1 text-2xl font-bold text-slate-800">
                {letter}
              </h2>
              <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((m) => (
                  <li key={m.id}>
                    <PrefetchLink to={`/manufacturer/${m.slug}`} className="rounded text-blue-700 hover:underline">
                      {m.name}
                    </PrefetchLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
