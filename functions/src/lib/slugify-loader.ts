import type { slugify as Slugify } from '@parts/shared/slugify';

let loaded: typeof Slugify | undefined;

/**
 * The shared slug rule (ADR 050), loaded by the first write that derives a slug instead of at a cold
 * start: `@sindresorhus/slugify` builds its transliteration tables (~12 ms of regular expressions) when it
 * loads, and most requests never derive a slug (ADR 083).
 */
export async function loadSlugify(): Promise<typeof Slugify> {
  return (loaded ??= (await import('@parts/shared/slugify')).slugify);
}

/** The slug rule for sync code that runs after `loadSlugify()` was awaited (the import's row builder). */
export function loadedSlugify(): typeof Slugify {
  if (!loaded) throw new Error('slugify is used before loadSlugify() was awaited');
  return loaded;
}
