import { createContext, use } from 'react';

/**
 * The site's header and footer on the server, from the HTML React made for them on an earlier page (ADR 150).
 *
 * They are the same on every public page but for a few values: the footer for a year, the header for the main
 * navigation's active link and the login link's way back (`holes`: values that are put back into the HTML). So the
 * renderer keeps each one's inner HTML, cut out of a page React rendered in full, and the next page of the same
 * variant gets its `<header>`/`<footer>` with that HTML inside instead of React rendering the ~100 elements and 20
 * router links again. The browser renders them with React as always and hydrates the same DOM: the HTML is the very
 * HTML React rendered at that place in the tree (useId included, which depends only on the place).
 */
export type ChromePart = 'header' | 'footer';

export interface ServerChrome {
  /** The part's inner HTML for this variant with its holes filled; undefined when it has to be rendered (and is kept). */
  html(part: ChromePart, variant: string, holes?: readonly string[]): string | undefined;
}

/** Given by the server renderer only: in the browser there is none and the header and footer render themselves. */
export const ServerChromeContext = createContext<ServerChrome | null>(null);

export function useServerChrome(part: ChromePart, variant: string, holes?: readonly string[]): string | undefined {
  return use(ServerChromeContext)?.html(part, variant, holes);
}

/** The root element each part renders, as React writes its start tag (className → class). */
export interface ChromeRoots {
  header: string;
  footer: string;
}

/** An attribute value as React escapes it in HTML (escapeTextForBrowser). */
export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}

interface Kept {
  /** The inner HTML cut at each hole's `"<value>"` (one piece more than holes). */
  pieces: string[];
}

/** Most variants kept per part (the header has four: none, or one of the three navigation links active). */
const MAX_VARIANTS = 16;

/**
 * The renderer's store of header and footer HTML (one per renderer). `forRender()` gives one render's view: what it
 * asked for and did not find is cut out of that render's HTML by `keep(html)` afterwards.
 */
export function createChromeCache(roots: ChromeRoots) {
  const kept = new Map<string, Kept>();
  return {
    forRender() {
      const wanted: { part: ChromePart; key: string; holes: readonly string[] }[] = [];
      const chrome: ServerChrome = {
        html(part, variant, holes = []) {
          const key = `${part} ${variant}`;
          const entry = kept.get(key);
          if (!entry) {
            wanted.push({ part, key, holes });
            return undefined;
          }
          let html = entry.pieces[0]!;
          holes.forEach((value, i) => (html += `"${escapeAttribute(value)}"${entry.pieces[i + 1]!}`));
          return html;
        },
      };
      /** Keeps, from the page's body HTML, the inner HTML of each part this render had to render itself. */
      const keep = (body: string) => {
        for (const { part, key, holes } of wanted) {
          if (kept.size >= MAX_VARIANTS * 2) return;
          const open = roots[part];
          const start = body.indexOf(open);
          const end = body.indexOf(`</${part}>`, start);
          if (start < 0 || end < 0 || body.indexOf(open, start + 1) >= 0) continue;
          const inner = body.slice(start + open.length, end);
          // Nested parts or a hole's value found other than once: not cut (rendered by React every time).
          if (inner.includes(`<${part}`)) continue;
          let pieces = [inner];
          for (const value of holes) {
            const last = pieces.pop()!;
            const split = last.split(`"${escapeAttribute(value)}"`);
            if (split.length !== 2) {
              pieces = [];
              break;
            }
            pieces.push(...split);
          }
          if (pieces.length === holes.length + 1) kept.set(key, { pieces });
        }
      };
      return { chrome, keep };
    },
  };
}
