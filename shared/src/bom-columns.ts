import { BOM_ROLES, type BomRole, type SavedBomMapping } from './bom';
import { readQuantity } from './numbers/quantity';

/**
 * Guessing which column of a buyer's list holds what, from the header names when the first row is a
 * header, and from the values otherwise. The buyer confirms or changes the guess before matching.
 */
export type GuessedMapping = Partial<Record<BomRole, number>>;

/** Header names per role, compared after lower-casing and turning punctuation into spaces. */
const HEADER_NAMES: Record<BomRole, string[]> = {
  reference: [
    'customer part number',
    'customer p n',
    'customer part no',
    'customer item number',
    'kunden nr',
    'kundennummer',
    'kunden artikelnummer',
    'kunden teilenummer',
    'sachnummer',
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
    'manufacturer p n',
    'mfr p n',
    'mfg p n',
    'mfr nr',
    'hersteller nr',
    'hersteller artikelnummer',
    'hersteller teilenummer',
    'herstellernummer',
    'herstellerartikelnummer',
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
  quantity: [
    'quantity',
    'qty',
    'qnty',
    'quant',
    'qty per',
    'order qty',
    'amount',
    'count',
    'pcs',
    'pieces',
    'units',
    'menge',
    'anzahl',
    'stk',
    'stückzahl',
    'bestellmenge',
  ],
  unit: ['unit', 'uom', 'unit of measure', 'qty unit', 'quantity unit', 'me', 'einheit', 'mengeneinheit', 'bme', 'bestellmengeneinheit'],
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

const CODE = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9\-/.#_+ ]{1,40}$/;
/** Unit-of-measure cells (a unit column): counts and the usual others. */
const UNIT_CELL = /^(?:pcs?|pce|ea|each|st|stk|stück|x|m|mm|cm|km|kg|g|t|l|ml|ft|in|pack|pk|set|roll|reel|box|pair|pr)\.?$/i;
/** The header row is looked for among the list's first rows (title rows, an empty line, a date …). */
export const HEADER_SCAN_ROWS = 20;

const isQuantityCell = (x: string) => {
  const r = readQuantity(x, undefined);
  return r.ok || r.problem === 'ambiguous';
};

/** How many cells of a row are one of a role's header names. */
function namedCells(row: string[]): number {
  return row.filter((cell) => BOM_ROLES.some((role) => headerScore(cell, role) >= 3)).length;
}

/** Whether a row can be a header: some cell names a role, and no cell is a bare number. */
function looksLikeHeader(row: string[]): boolean {
  return namedCells(row) > 0 && row.every((cell) => !/^\d+$/.test(cell.trim()));
}

/**
 * The row holding the column names (0-based), or null when the list has none: among the first rows,
 * the one naming the most roles (the first row needs one name, a row below title rows two).
 */
export function findHeaderRow(rows: string[][]): number | null {
  let best: number | null = null;
  let bestNamed = 0;
  rows.slice(0, HEADER_SCAN_ROWS).forEach((row, i) => {
    if (!looksLikeHeader(row)) return;
    const named = namedCells(row);
    if (named >= (i === 0 ? 1 : 2) && named > bestNamed) {
      best = i;
      bestNamed = named;
    }
  });
  return best;
}

const GERMAN = new Set([
  'menge',
  'anzahl',
  'stk',
  'stück',
  'stückzahl',
  'hersteller',
  'bezeichnung',
  'beschreibung',
  'artikelnummer',
  'bestellnummer',
  'teilenummer',
  'einheit',
  'mengeneinheit',
  'me',
  'nr',
  'kunden',
  'sachnummer',
  'bemerkung',
  'bestellmenge',
  'lieferant',
  'preis',
]);
const ENGLISH = new Set([
  'quantity',
  'qty',
  'manufacturer',
  'description',
  'part',
  'number',
  'mpn',
  'unit',
  'item',
  'reference',
  'mfr',
  'mfg',
  'price',
  'customer',
  'supplier',
  'pcs',
]);

/** The language of a header row, by its words: German, English, or undecided. */
export function headerLanguage(headers: string[]): 'de' | 'en' | undefined {
  let de = 0;
  let en = 0;
  for (const word of headers.flatMap((h) => clean(h).split(' '))) {
    if (GERMAN.has(word)) de++;
    if (ENGLISH.has(word)) en++;
  }
  return de > en ? 'de' : en > de ? 'en' : undefined;
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
  pick('quantity', (v) => share(v, (x) => /\d/.test(x) && isQuantityCell(x.trim())), 0.8);
  pick('unit', (v) => share(v, (x) => UNIT_CELL.test(x.trim())), 0.8);
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

/** The guess for a list: the header row (null: none) and the mapping. */
export interface ColumnGuess {
  headerRow: number | null;
  mapping: GuessedMapping;
}

/**
 * The mapping guessed for a list and the row its column names are on (found below title rows, or
 * the one the buyer set: `headerRow`, null for none). Rows above the header are not lines.
 */
export function guessBomColumns(rows: string[][], options: { headerRow?: number | null } = {}): ColumnGuess {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const headerRow = options.headerRow !== undefined ? options.headerRow : findHeaderRow(rows);
  const mapping: GuessedMapping = {};
  const header = headerRow === null ? undefined : rows[headerRow];
  if (header) {
    // Best (role, column) pairs first, each role and column used once.
    const pairs: { role: BomRole; column: number; score: number }[] = [];
    header.forEach((name, column) => {
      for (const role of BOM_ROLES) {
        const score = headerScore(name, role);
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
  const data = linesOf(rows, headerRow).slice(0, 50);
  const guessed = mapping.partNumber !== undefined && mapping.quantity !== undefined ? mapping : guessFromValues(data, width, mapping);
  return { headerRow, mapping: guessed };
}

/** The rows that are lines of the list: those below the header row (all of them without one). */
export function linesOf(rows: string[][], headerRow: number | null): string[][] {
  return headerRow === null ? rows : rows.slice(headerRow + 1);
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
