import { normalizePartNumber } from '@parts/shared/part-number';
import { partNumberFamily } from '@parts/shared/part-family';
import { MAX_MATCH_CANDIDATES, type BomMatchLine, type LineMatch, type MatchCandidate, type MatchConfidence, type MatchVia } from '@parts/shared/bom';
import type { PartDocument } from '../search';

/**
 * Matching a buyer's list against the catalogue, the same decisions for every engine: each engine
 * only supplies three batched lookups (MatchSource) and this module ranks what they return. The
 * tiers, first hit wins: the part number as typed (exact), normalised (case, spaces, punctuation),
 * family (packaging suffix dropped on either side), a longer number that starts with it (prefix),
 * then the words of the description with the manufacturer. See docs/bom.md.
 */
export interface MatchSource {
  /** Parts whose normalised part number equals each key, at most `limit` per key. */
  byNumber(norms: string[], limit: number): Promise<Map<string, PartDocument[]>>;
  /** Parts whose normalised part number starts with each key (equal included), in part-number order, at most `limit` per key. */
  byPrefix(prefixes: string[], limit: number): Promise<Map<string, PartDocument[]>>;
  /** For each query (words, each given with its word forms as alternatives), parts whose text has every word; at most `limit`. */
  byWords(queries: string[][], limit: number): Promise<PartDocument[][]>;
}

const NUMBER_LIMIT = 10;
const PREFIX_LIMIT = 50;
const WORDS_LIMIT = 20;
/** A typed number this short matches too many longer ones to offer them. */
const MIN_PREFIX_CHARS = 4;
const MAX_WORDS = 6;

/** Company-form and generic words that do not tell manufacturers apart. */
const GENERIC_MAKER_WORDS = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'llc',
  'gmbh',
  'ag',
  'kg',
  'se',
  'sa',
  'spa',
  'srl',
  'bv',
  'nv',
  'plc',
  'ab',
  'as',
  'oy',
  'kk',
  'pty',
  'group',
  'holding',
  'holdings',
  'international',
  'intl',
  'the',
  'and',
  'of',
  'electric',
  'electrical',
  'electronic',
  'electronics',
  'automation',
  'systems',
  'technologies',
  'technology',
  'tech',
  'engineering',
  'controls',
  'industrial',
  'industries',
  'manufacturing',
  'products',
  'components',
  'solutions',
  'europe',
  'usa',
  'america',
]);
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'for', 'with', 'of', 'to', 'in', 'on', 'or', 'by', 'x', 'pcs', 'pc', 'ea', 'each']);

export const words = (text: string | undefined): string[] =>
  (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

function makerWords(name: string | undefined): string[] {
  return words(name).filter((w) => !GENERIC_MAKER_WORDS.has(w));
}

/**
 * Whether a list's manufacturer names the part's: equal once company forms are dropped, or sharing a
 * distinctive word ("Parker" and "Parker Hannifin", "Bosch Rexroth" and "Rexroth"); undefined when the
 * list gave none.
 */
export function sameManufacturer(listed: string | undefined, catalogue: string): boolean | undefined {
  if (!listed || listed.trim() === '') return undefined;
  const a = makerWords(listed);
  const b = makerWords(catalogue);
  if (a.length === 0 || b.length === 0) return words(listed).join('') === words(catalogue).join('');
  if (a.join('') === b.join('')) return true;
  return a.some((w) => w.length >= 3 && b.includes(w));
}

function candidate(doc: PartDocument, via: MatchVia): MatchCandidate {
  return {
    id: doc.id,
    name: doc.name,
    slug: doc.slug,
    partNumber: doc.partNumber,
    status: doc.status,
    manufacturer: doc.manufacturerName ? { name: doc.manufacturerName, slug: doc.manufacturerSlug } : null,
    via,
  };
}

const byNumberThenId = (a: PartDocument, b: PartDocument) => {
  const x = normalizePartNumber(a.partNumber);
  const y = normalizePartNumber(b.partNumber);
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

/**
 * The answer for one tier's hits: with the list's manufacturer, the parts of that manufacturer (if
 * any); one part is the match (exact when its number is as typed and nothing contradicts it, likely
 * otherwise), several are a choice.
 */
function decide(line: BomMatchLine, hits: PartDocument[], via: 'number' | 'family'): LineMatch {
  const agreeing = hits.filter((d) => sameManufacturer(line.manufacturer, d.manufacturerName) === true);
  const contradicted = line.manufacturer !== undefined && agreeing.length === 0 && makerWords(line.manufacturer).length > 0;
  const pool = (agreeing.length > 0 ? agreeing : hits).slice().sort(byNumberThenId);
  const typed = line.partNumber?.trim() ?? '';
  const viaOf = (d: PartDocument): MatchVia => (via === 'family' ? 'family' : d.partNumber.trim() === typed ? 'exact' : 'normalised');
  // The part number as typed first.
  pool.sort((a, b) => Number(viaOf(b) === 'exact') - Number(viaOf(a) === 'exact'));
  const candidates = pool.slice(0, MAX_MATCH_CANDIDATES).map((d) => candidate(d, viaOf(d)));
  let confidence: MatchConfidence;
  if (pool.length > 1 || contradicted) confidence = 'choose';
  else confidence = candidates[0]!.via === 'exact' ? 'exact' : 'likely';
  return { confidence, candidates };
}

/** Ranks word hits: share of the line's words the part has, then the manufacturer, then the shorter name. */
function rankWords(line: BomMatchLine, lineWords: string[], hits: PartDocument[]): MatchCandidate[] {
  const wanted = new Set(lineWords);
  const scored = new Map<number, { doc: PartDocument; score: number }>();
  for (const doc of hits) {
    if (scored.has(doc.id)) continue;
    const have = new Set(words(`${doc.name} ${doc.description ?? ''} ${doc.categoryName} ${doc.manufacturerName}`).flatMap((w) => [w, stem(w)]));
    let found = 0;
    for (const w of wanted) if (have.has(w) || have.has(stem(w))) found++;
    const share = found / Math.max(1, wanted.size);
    if (share < 0.5) continue;
    const maker = sameManufacturer(line.manufacturer, doc.manufacturerName);
    if (maker === false && line.manufacturer && hits.some((d) => sameManufacturer(line.manufacturer, d.manufacturerName))) continue;
    scored.set(doc.id, { doc, score: share + (maker === true ? 0.5 : 0) });
  }
  return [...scored.values()]
    .sort((a, b) => b.score - a.score || a.doc.name.length - b.doc.name.length || a.doc.id - b.doc.id)
    .slice(0, MAX_MATCH_CANDIDATES)
    .map((s) => candidate(s.doc, 'words'));
}

/** Plural and singular meet (valves / valve, assemblies / assembly). */
function stem(w: string): string {
  if (/\d/.test(w) || w.length < 4) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(w)) return w;
  if (/(?:x|ch|sh|ss)es$/.test(w)) return w.slice(0, -2);
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

/** The words a line is searched by: its description's, without noise words; the manufacturer's when it has no description. */
function searchWords(line: BomMatchLine): string[] {
  const source = line.description ? words(line.description) : makerWords(line.manufacturer);
  const out: string[] = [];
  for (const w of source) {
    if (STOP_WORDS.has(w) || (w.length < 2 && !/\d/.test(w)) || out.includes(w)) continue;
    out.push(w);
    if (out.length >= MAX_WORDS) break;
  }
  return out;
}

/** Queries for one line's words, most specific first: every word, then without numbers, then without the last word. */
function wordQueries(line: BomMatchLine, lineWords: string[]): string[][] {
  const out: string[][] = [];
  const push = (q: string[]) => {
    if (q.length > 0 && !out.some((o) => o.join(' ') === q.join(' '))) out.push(q);
  };
  const maker = makerWords(line.manufacturer).find((w) => w.length >= 3);
  if (maker && line.description) push([...lineWords, maker]);
  push(lineWords);
  const textOnly = lineWords.filter((w) => !/\d/.test(w));
  if (textOnly.length >= 2) push(textOnly);
  if (textOnly.length >= 3) push(textOnly.slice(0, -1));
  return out;
}

/** Matches every line; lines that say the same thing are looked up once. */
export async function matchPartLines(source: MatchSource, lines: BomMatchLine[]): Promise<LineMatch[]> {
  const answers = new Map<string, LineMatch>();
  const keyOf = (l: BomMatchLine) =>
    JSON.stringify([l.partNumber?.trim() ?? '', l.manufacturer?.trim().toLowerCase() ?? '', l.description?.trim().toLowerCase() ?? '']);
  const unique = new Map<string, BomMatchLine>();
  for (const line of lines) unique.set(keyOf(line), line);
  let pending = [...unique.entries()];

  // 1-2: the number, as typed or normalised.
  const norms = new Map(pending.map(([key, l]) => [key, normalizePartNumber(l.partNumber ?? '')]));
  const exact = await source.byNumber([...new Set([...norms.values()].filter(Boolean))], NUMBER_LIMIT);
  pending = pending.filter(([key, line]) => {
    const hits = exact.get(norms.get(key)!) ?? [];
    if (hits.length === 0) return true;
    answers.set(key, decide(line, hits, 'number'));
    return false;
  });

  // 3-4: the family (packaging suffix dropped on either side), then longer numbers starting with it.
  const families = new Map(pending.map(([key, l]) => [key, partNumberFamily(l.partNumber ?? '')]));
  const byFamily = await source.byPrefix([...new Set([...families.values()].filter(Boolean))], PREFIX_LIMIT);
  pending = pending.filter(([key, line]) => {
    const family = families.get(key)!;
    if (!family) return true;
    const near = byFamily.get(family) ?? [];
    const same = near.filter((d) => partNumberFamily(d.partNumber) === family);
    if (same.length > 0) {
      answers.set(key, decide(line, same, 'family'));
      return false;
    }
    const norm = norms.get(key)!;
    if (norm.length < MIN_PREFIX_CHARS) return true;
    const longer = near.filter((d) => normalizePartNumber(d.partNumber).startsWith(norm));
    if (longer.length === 0) return true;
    const agreeing = longer.filter((d) => sameManufacturer(line.manufacturer, d.manufacturerName) !== false);
    const pool = (agreeing.length > 0 ? agreeing : longer).sort(byNumberThenId);
    answers.set(key, { confidence: 'choose', candidates: pool.slice(0, MAX_MATCH_CANDIDATES).map((d) => candidate(d, 'prefix')) });
    return false;
  });

  // 5: words of the description (with the manufacturer), most specific query first.
  const withWords = pending.map(([key, line]) => ({ key, line, lineWords: searchWords(line) })).filter((p) => p.lineWords.length > 0);
  const queries = withWords.map((p) => wordQueries(p.line, p.lineWords));
  const flat = queries.flat();
  const hits = flat.length > 0 ? await source.byWords(flat, WORDS_LIMIT) : [];
  let at = 0;
  withWords.forEach((p, i) => {
    const found = queries[i]!.flatMap((_, j) => hits[at + j] ?? []);
    at += queries[i]!.length;
    const candidates = rankWords(p.line, p.lineWords, found);
    if (candidates.length > 0) answers.set(p.key, { confidence: 'choose', candidates });
  });

  return lines.map((line) => answers.get(keyOf(line)) ?? { confidence: 'none', candidates: [] });
}

/** Lookups per slice of a yielding source: small enough that one slice holds the event loop a few milliseconds. */
export const MATCH_SLICE = 16;

/**
 * A source whose lookups run `slice` keys at a time and give the event loop a turn between slices
 * (issue 26): for an in-process engine whose lookups are synchronous (the embedded SQLite), so a
 * 2,000-line list no longer holds every other request until it is done. The answers are the same.
 */
export function yieldingMatchSource(source: MatchSource, slice = MATCH_SLICE): MatchSource {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  async function sliced<K, V>(keys: K[], lookup: (part: K[]) => Promise<V[]>): Promise<V[]> {
    const out: V[] = [];
    for (let at = 0; at < keys.length; at += slice) {
      await turn();
      out.push(...(await lookup(keys.slice(at, at + slice))));
    }
    return out;
  }
  const mapped = async (keys: string[], lookup: (part: string[]) => Promise<Map<string, PartDocument[]>>) =>
    new Map(await sliced(keys, async (part) => [...(await lookup(part))]));
  return {
    byNumber: (norms, limit) => mapped(norms, (part) => source.byNumber(part, limit)),
    byPrefix: (prefixes, limit) => mapped(prefixes, (part) => source.byPrefix(part, limit)),
    byWords: (queries, limit) => sliced(queries, (part) => source.byWords(part, limit)),
  };
}
