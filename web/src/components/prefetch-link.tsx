import { useEffect, useRef, type FocusEvent, type MouseEvent, type PointerEvent, type TouchEvent } from 'react';
import { createPath, Link, useHref, useLocation, useNavigate, type LinkProps } from 'react-router-dom';
import { HOVER_INTENT_MS, usePrefetchScheduler } from '../lib/intent-prefetch';

/** A click the router handles (Link's own rule): the main button, no modifier key, no other target. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A router Link whose page (data and code) is prefetched on intent: a pointer resting on it for
 * HOVER_INTENT_MS, a touch or keyboard focus; and at low priority once it is in view (ADR 132).
 * A click navigates with flushSync: the new page is drawn in the click's own task, not as a transition in
 * 5 ms slices between frames, so a prefetched page shows in the next frame (ADR 143).
 */
export function PrefetchLink({ to, onPointerEnter, onPointerLeave, onTouchStart, onFocus, onClick, ...props }: LinkProps) {
  const scheduler = usePrefetchScheduler();
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
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
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || props.reloadDocument || !isPlainClick(event, props.target)) return;
        event.preventDefault();
        void navigate(to, {
          // As Link: a link to the page on screen replaces its history entry (`href` is the resolved path; no basename here).
          replace: props.replace ?? href === createPath(location),
          state: props.state as unknown,
          preventScrollReset: props.preventScrollReset,
          relative: props.relative,
          flushSync: true,
        });
      }}
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
