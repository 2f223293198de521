/** The decorative characters the public pages draw, as HTML character references. */
const REFERENCES = { ndash: '&ndash;', hellip: '&hellip;' } as const;

/**
 * A decorative character (hidden from assistive technology: the page says what it means otherwise), written into the
 * HTML as a character reference, so the server's HTML stays Latin-1 text: one character beyond Latin-1 anywhere in a
 * page makes V8 hold the whole page as two-byte text, which it joins and encodes to UTF-8 several times slower
 * (`/catalog`'s "–" between a range's fields and its pagination's "…": ~190 µs of a 2.5 ms render; bench:render,
 * issue 34). The browser reads the reference as the character itself.
 */
export function Glyph({ name, className }: { name: keyof typeof REFERENCES; className?: string }) {
  return <span aria-hidden className={className} dangerouslySetInnerHTML={{ __html: REFERENCES[name] }} />;
}
