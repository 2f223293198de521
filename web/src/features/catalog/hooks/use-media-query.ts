import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint, where the filter panel becomes a sidebar. */
export const LG_MEDIA_QUERY = '(min-width: 64rem)';

/**
 * Whether the media query matches now; re-renders when that changes (a rotation, a resized window).
 * Undefined while the server renders and the browser hydrates that HTML (no window to ask): the
 * caller then renders for both cases and lets CSS choose, so nothing moves when the answer arrives.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => undefined,
  );
}
