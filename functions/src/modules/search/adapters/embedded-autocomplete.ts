import type Database from 'better-sqlite3';
import type { Suggestion } from '@parts/shared/schemas';
import type { AutocompleteAnswer, PartDocument } from '../ports/search-index';
import { parseQueryText, type ParsedQueryText } from '../query-text';
import { highlightOf, MIN_INFIX_CHARS } from '../ranking';
import { PREFIX_END } from './embedded-lookups';
import type { TextPlan } from './embedded-text';
import { toPartView, toSuggestion } from './part-view';

/**
 * The embedded engine's autocomplete: only LIMITed SQLite statements, in the order of the relevance
 * tiers (ranking.ts: exact part number, prefix in part-number order, infix, then words as typed and
 * widened), stopping once it has `limit`.
 */
export function createEmbeddedAutocomplete(
  db: Database.Database,
  context: { ensureIndexes: () => void; planText: (text: ParsedQueryText) => TextPlan },
): (q: string, limit: number) => AutocompleteAnswer {
  const ac = {
    exact: db.prepare('SELECT doc FROM parts WHERE pn_norm = ? ORDER BY id LIMIT ?').pluck(),
    prefix: db.prepare(`SELECT doc FROM parts WHERE pn_norm > @pn AND pn_norm < @pn || '${PREFIX_END}' ORDER BY pn_norm LIMIT @limit`).pluck(),
    infix: db.prepare('SELECT p.doc FROM pn_tri JOIN parts p ON p.id = pn_tri.rowid WHERE pn_tri MATCH ? LIMIT ?').pluck(),
    text: db.prepare('SELECT p.doc FROM parts_text JOIN parts p ON p.id = parts_text.rowid WHERE parts_text MATCH ? LIMIT ?').pluck(),
  };

  return function autocomplete(q, limit) {
    context.ensureIndexes();
    const text = parseQueryText(q);
    if (!text || limit <= 0) return { suggestions: [], highlight: null };
    const seen = new Set<number>();
    const out: Suggestion[] = [];
    const take = (docs: unknown[]) => {
      for (const d of docs as string[]) {
        if (out.length >= limit) return;
        const view = toPartView(JSON.parse(d) as PartDocument);
        if (seen.has(view.id)) continue;
        seen.add(view.id);
        out.push(toSuggestion(view));
      }
    };
    const pn = text.partNumber;
    let partNumberFound = false;
    if (pn.length > 0) {
      take(ac.exact.all(pn, limit));
      if (out.length < limit) take(ac.prefix.all({ pn, limit }));
      if (out.length < limit && pn.length >= MIN_INFIX_CHARS) take(ac.infix.all(`"${pn}"`, limit * 2));
      partNumberFound = out.length > 0;
    }
    const plan = out.length < limit && text.words.length > 0 ? context.planText(text) : null;
    if (plan?.strict) take(ac.text.all(plan.strict, limit * 2));
    if (plan?.expanded && out.length < limit) take(ac.text.all(plan.expanded, limit * 2));
    return { suggestions: out, highlight: highlightOf(plan?.highlight.terms ?? [], plan?.highlight.prefixes ?? [], partNumberFound ? pn : null) };
  };
}
