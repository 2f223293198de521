import { useEffect } from 'react';

/**
 * Marks the document once React has taken over the server's HTML: the boot script then does a tap made before it
 * (keepEarlyTaps, boot.ts), and tests and the web bench wait for it.
 * The server renders it too (its effect never runs there) so both trees have the same shape and
 * `useId` gives the same ids on both sides.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
