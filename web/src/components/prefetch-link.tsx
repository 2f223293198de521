import { useEffect, useRef, type FocusEvent, type MouseEvent, type PointerEvent, type TouchEvent } from 'react';
import { createPath, useHref, useLocation, useNavigate, type LinkProps } from 'react-router-dom';
import { HOVER_INTENT_MS, usePrefetchScheduler } from '../lib/intent-prefetch';

/** A click the router handles (Link's own rule): the main button, no modifier key, no other target. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A router link whose page (data and code) is prefetched on intent: a pointer resting on it for
 * HOVER_INTENT_MS, a touch or keyboard focus; and at low priority once it is in view (ADR 132).
 * A click navigates with flushSync: the new page is drawn in the click's own task, not as a transition in
 * 5 ms slices between frames, so a prefetched page shows in the next frame (ADR 143).
 * It takes a router Link's props but is an `<a>` of its own: the click is handled here, so a Link inside would only
 * resolve the same href again on every render (about a twentieth of a listing's server render, issue 34).
 */
export function PrefetchLink(props: LinkProps) {
  const { to, relative } = props;
  return typeof to === 'string' && relative === undefined && PLAIN_PATH.test(to) ? <Anchor {...props} href={to} /> : <ResolvedLink {...props} />;
}

/**
 * An absolute path with no empty or dot segment and no empty search or hash: the href the router resolves it to is
 * the text itself (it would drop `.`/`..` segments and a bare `?` or `#`; the app has no basename). The site's links
 * are such paths, so they skip the router's resolving (its route matches as JSON, on every render of every link).
 */
const PLAIN_PATH = /^(?=\/)(?:\/(?!\.)[^/?#]+)*\/?(?:\?[^#]+)?(?:#.+)?$/;

/** A link whose `to` the router resolves (a relative or object path). */
function ResolvedLink(props: LinkProps) {
  const href = useHref(props.to, { relative: props.relative });
  return <Anchor {...props} href={href} />;
}

/**
 * The link as the server renders it: the very `<a>` IntentLink renders, without its hooks (the router's navigate and
 * location, refs, effects), which do nothing there: 2–3 % of a server render with the header's login-link fast path
 * (bench:render, issue 34). The browser hydrates that anchor with IntentLink, which attaches the handlers.
 */
function ServerLink({
  to: _to,
  reloadDocument: _reloadDocument,
  replace: _replace,
  state: _state,
  preventScrollReset: _preventScrollReset,
  relative: _relative,
  viewTransition: _viewTransition,
  defaultShouldRevalidate: _defaultShouldRevalidate,
  discover: _discover,
  prefetch: _prefetch,
  href,
  ...props
}: LinkProps & { href: string }) {
  // Its event handlers are among `props`: the server writes none of them into the HTML.
  return <a href={href} {...props} />;
}

/** The server renderer has no document: there a link is its anchor alone (ServerLink). */
const Anchor = typeof document === 'undefined' ? ServerLink : IntentLink;

function IntentLink({
  to,
  href,
  onPointerEnter,
  onPointerLeave,
  onTouchStart,
  onFocus,
  onClick,
  reloadDocument,
  replace,
  state,
  preventScrollReset,
  relative,
  viewTransition,
  defaultShouldRevalidate,
  discover: _discover,
  prefetch: _prefetch,
  ...props
}: LinkProps & { href: string }) {
  const scheduler = usePrefetchScheduler();
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
    <a
      ref={ref}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || !isPlainClick(event, props.target)) return;
        event.preventDefault();
        void navigate(to, {
          // As Link: a link to the page on screen replaces its history entry (`href` is the resolved path; no basename here).
          replace: replace ?? href === createPath(location),
          state: state as unknown,
          preventScrollReset,
          relative,
          viewTransition,
          defaultShouldRevalidate,
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
