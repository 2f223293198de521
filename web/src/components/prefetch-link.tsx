import { useEffect, useRef, type FocusEvent, type PointerEvent, type TouchEvent } from 'react';
import { Link, useHref, type LinkProps } from 'react-router-dom';
import { HOVER_INTENT_MS, usePrefetchScheduler } from '../lib/intent-prefetch';

/**
 * A router Link whose page (data and code) is prefetched on intent: a pointer resting on it for
 * HOVER_INTENT_MS, a touch or keyboard focus; and at low priority once it is in view (ADR 132).
 */
export function PrefetchLink({ to, onPointerEnter, onPointerLeave, onTouchStart, onFocus, ...props }: LinkProps) {
  const scheduler = usePrefetchScheduler();
  const href = useHref(to);
  const ref = useRef<HTMLAnchorElement>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const element = ref.current;
    if (!scheduler || !element) return;
    return scheduler.observe(element, href);
  }, [scheduler, href]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <Link
      ref={ref}
      to={to}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        onPointerEnter?.(event);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => scheduler?.intent(href), HOVER_INTENT_MS);
      }}
      onPointerLeave={(event: PointerEvent<HTMLAnchorElement>) => {
        onPointerLeave?.(event);
        window.clearTimeout(timer.current);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        scheduler?.intent(href);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event);
        scheduler?.intent(href);
      }}
      {...props}
    />
  );
}
