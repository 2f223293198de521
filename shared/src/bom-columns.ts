import { BOM_ROLES, type BomRole, type SavedBomMapping } from './bom';

/**
 * Guessing which column of a buyer's list holds what, from the header names when the first row is a
 * header, and from the values otherwise. The buyer confirms or changes the guess before matching.
 */
export type GuessedMapping = Partial<Record<BomRole, number>>;

/** Header names per role, compared after lower-casing and turning punctuation into spaces. */
const HEADER_NAMES: Record<BomRole, string[]> = {
  reference: [
    'customer part number',
    'customer part no',
    'customer pn',
    'cpn',
    'internal part number',
    'internal pn',
    'our part number',
    'your part number',
    'customer reference',
    'your reference',
    'your ref',
    'our ref',
    'reference',
    'ref',
    'ref des',
    'refdes',
    'reference designator',
    'designator',
    'designators',
    'position',
    'pos',
    'item',
    'item no',
    'line',
    'line no',
    'tag',
  ],
  partNumber: [
    'manufacturer part number',
    'mfr part number',
    'mfg part number',
    'mfr part no',
    'mfg part no',
    'mfr pn',
    'mfg pn',
    'mpn',
    'part number',
    'part no',
    'part nr',
    'part num',
    'part',
    'pn',
    'p n',
    'article number',
    'article no',
    'article',
    'order code',
    'order number',
    'order no',
    'catalog number',
    'catalogue number',
    'cat no',
    'product code',
    'product number',
    'type',
    'model',
    'model number',
    'sku',
    'artikelnummer',
    'bestellnummer',
    'teilenummer',
  ],
  manufacturer: ['manufacturer', 'manufacturer name', 'mfr', 'mfg', 'mfr name', 'make', 'brand', 'maker', 'vendor', 'hersteller', 'fabricant'],
  quantity: ['quantity', 'qty', 'qnty', 'quant', 'qty per', 'order qty', 'amount', 'count', 'pcs', 'pieces', 'units', 'menge', 'anzahl', 'stk'],
  description: [
    'description',
    'desc',
    'part description',
    'item description',
    'name',
    'part name',
    'product',
    'product name',
    'details',
    'bezeichnung',
    'beschreibung',
    'comment',
  ],
};

const clean = (text: string) =>
  text
    .toLowerCase()
    .replace(/[#]/g, ' number ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');

/** How well a header names a role: 3 when it is one of the names, 2 when it contains one as whole words (longer names first), else 0. */
function headerScore(header: string, role: BomRole): number {
  const h = clean(header);
  if (h === '') return 0;
  const names = HEADER_NAMES[role];
  if (names.includes(h)) return 3 + 1 / (names.indexOf(h) + 2);
  let best = 0;
  for (const name of names) {
    if (name.length > 2 && ` ${h} `.includes(` ${name} `)) best = Math.max(best, 2 + name.length / 100);
  }
  return best;
}

const QUANTITY = /^\d{1,3}(?:[ ,.]?\d{3})*(?:\s*(?:pcs|pc|ea|x|stk|units?))?$/i;
const CODE = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9\-/.#_+ ]{1,40}$/;

/** Whether a row looks like a header: some cell names a role, and no cell looks like a quantity. */
function looksLikeHeader(row: string[]): boolean {
  const named = row.filter((cell) => BOM_ROLES.some((role) => headerScore(cell, role) >= 3)).length;
  return named > 0 && row.every((cell) => !/^\d+$/.test(cell.trim()));
}

function share(values: string[], test: (v: string) => boolean): number {
  const filled = values.filter((v) => v.trim() !== '');
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
}

/** From the values alone: quantities are whole numbers, part numbers are codes with digits and no long words, descriptions are the longest text. */
function guessFromValues(rows: string[][], width: number, taken: GuessedMapping): GuessedMapping {
  const out: GuessedMapping = { ...taken };
  const used = new Set(Object.values(out));
  const column = (i: number) => rows.map((r) => r[i] ?? '');
  const free = () => Array.from({ length: width }, (_, i) => i).filter((i) => !used.has(i));
  const pick = (role: BomRole, score: (values: string[]) => number, min: number) => {
    if (out[role] !== undefined) return;
    let best = -1;
    let bestScore = min;
    for (const i of free()) {
      const s = score(column(i));
      if (s > bestScore) {
        best = i;
        bestScore = s;
      }
    }
    if (best >= 0) {
      out[role] = best;
      used.add(best);
    }
  };
  pick('quantity', (v) => share(v, (x) => QUANTITY.test(x.trim())), 0.8);
  pick('partNumber', (v) => share(v, (x) => CODE.test(x.trim()) && !/\s\S+\s/.test(x.trim())), 0.6);
  const avgLength = (v: string[]) => v.reduce((n, x) => n + x.length, 0) / Math.max(1, v.length);
  pick('description', (v) => (share(v, (x) => /[A-Za-z]{3,}\s+[A-Za-z]/.test(x)) >= 0.5 ? avgLength(v) : 0), 0);
  // A short, repeating word column next to the others is the manufacturer.
  pick(
    'manufacturer',
    (v) => {
      const filled = v.filter((x) => x.trim() !== '');
      const distinct = new Set(filled.map((x) => x.toLowerCase())).size;
      return filled.length > 0 && share(filled, (x) => /^[\p{L}][\p{L}&.\- ]{1,40}$/u.test(x)) >= 0.8 ? 1 - distinct / (filled.length + 1) : 0;
    },
    0,
  );
  return out;
}

/** The mapping guessed for a list, and whether its first row is a header. */
export function guessBomColumns(rows: string[][]): { hasHeader: boolean; mapping: GuessedMapping } {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const first = rows[0] ?? [];
  const hasHeader = rows.length > 0 && looksLikeHeader(first);
  const mapping: GuessedMapping = {};
  if (hasHeader) {
    // Best (role, column) pairs first, each role and column used once.
    const pairs: { role: BomRole; column: number; score: number }[] = [];
    first.forEach((header, column) => {
      for (const role of BOM_ROLES) {
        const score = headerScore(header, role);
        if (score > 0) pairs.push({ role, column, score });
      }
    });
    pairs.sort((a, b) => b.score - a.score || a.column - b.column);
    const used = new Set<number>();
    for (const p of pairs) {
      if (mapping[p.role] !== undefined || used.has(p.column)) continue;
      mapping[p.role] = p.column;
      used.add(p.column);
    }
  }
  const data = hasHeader ? rows.slice(1, 51) : rows.slice(0, 50);
  const guessed = mapping.partNumber !== undefined && mapping.quantity !== undefined ? mapping : guessFromValues(data, width, mapping);
  return { hasHeader, mapping: guessed };
}

/** A remembered mapping, when every column it names is among these headers; undefined otherwise. */
export function applySavedMapping(headers: string[], saved: SavedBomMapping): GuessedMapping | undefined {
  const index = new Map(headers.map((h, i) => [clean(h), i] as const).reverse());
  const out: GuessedMapping = {};
  let named = 0;
  for (const role of BOM_ROLES) {
    const header = saved[role];
    if (header === undefined) continue;
    const i = index.get(clean(header));
    if (i === undefined) return undefined;
    out[role] = i;
    named++;
  }
  return named > 0 && (out.partNumber !== undefined || out.description !== undefined) ? out : undefined;
}

/** A confirmed mapping as header names, to remember for the next list. */
export function toSavedMapping(headers: string[], mapping: GuessedMapping): SavedBomMapping {
  const out: SavedBomMapping = {};
  for (const role of BOM_ROLES) {
    const i = mapping[role];
    const header = i === undefined ? undefined : headers[i]?.trim();
    if (header) out[role] = header;
  }
  return out;
}

/** A quantity cell as a whole number of at least 1: '1,000' and '12 pcs' read as meant; anything else is 1. */
export function parseBomQuantity(cell: string | undefined): number {
  const text = (cell ?? '').trim().replace(/\s*(?:pcs|pc|ea|x|stk|units?)$/i, '');
  if (!/^\d{1,3}(?:[ ,.]?\d{3})*(?:\.0+)?$/.test(text)) return 1;
  const digits = text.replace(/\.0+$/, '').replace(/[ ,.]/g, '');
  const n = Number.parseInt(digits, 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 1_000_000) : 1;
}
