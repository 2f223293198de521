import type Database from 'better-sqlite3';
import type { PartDocument } from '../ports/search-index';
import type { MatchSource } from '../../bom';
import { wordForms } from '../word-match';

/** The character right after 'Z' (and so after every normalised part-number character). */
const PREFIX_END = '[';

/**
 * The embedded engine's lookups for list matching: the `parts` table's normalised part-number index
 * (equality and range) and the word table, each bounded by a LIMIT so a 2,000-line list costs a few
 * thousand index probes.
 */
export function createEmbeddedMatchSource(db: Database.Database): MatchSource {
  const exact = db.prepare('SELECT doc FROM parts WHERE pn_norm = ? ORDER BY id LIMIT ?').pluck();
  const prefix = db.prepare(`SELECT doc FROM parts WHERE pn_norm >= @pn AND pn_norm < @pn || '${PREFIX_END}' ORDER BY pn_norm, id LIMIT @limit`).pluck();
  const text = db.prepare('SELECT p.doc FROM parts_text JOIN parts p ON p.id = parts_text.rowid WHERE parts_text MATCH ? LIMIT ?').pluck();
  const parse = (rows: unknown[]) => (rows as string[]).map((d) => JSON.parse(d) as PartDocument);
  const quote = (w: string) => `"${w.replace(/"/g, '""')}"`;

  return {
    async byNumber(norms, limit) {
      return new Map(norms.map((pn) => [pn, parse(exact.all(pn, limit))]));
    },
    async byPrefix(prefixes, limit) {
      return new Map(prefixes.map((pn) => [pn, parse(prefix.all({ pn, limit }))]));
    },
    async byWords(queries, limit) {
      return queries.map((words) => {
        const expression = words.map((w) => {
          const forms = wordForms(w);
          return forms.length === 1 ? quote(w) : `(${forms.map(quote).join(' OR ')})`;
        });
        return expression.length === 0 ? [] : parse(text.all(expression.join(' AND '), limit));
      });
    },
  };
}
