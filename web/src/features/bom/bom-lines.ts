import { BOM_TEXT_LIMITS, type BomMatchLine, type BomRole, type BomSheet, type LineMatch, type MatchCandidate } from '@parts/shared/bom';
import { headerLanguage, linesOf, type GuessedMapping } from '@parts/shared/bom-columns';
import { readQuantityColumn, readTypedQuantity } from '@parts/shared/numbers/quantity';
import { normalizePartNumber } from '@parts/shared/part-number';
import type { IncomingLine } from '../quote-basket';

/**
 * The review's lines, kept apart from React so the rules read in one place (docs/bom.md):
 * - a line's part is chosen only when the match is exact or likely; a "Choose one" line has none until
 *   the buyer picks a candidate or keeps it as free text (no pre-selected guess);
 * - a quantity the reader could not take as a whole count is flagged ("Check quantity", the cell shown)
 *   until the buyer types one; nothing becomes 1 by itself;
 * - repeated parts and repeated free-text lines are flagged and added up, in the list's order.
 */

/** A candidate's index, the line as free text, or left out; null: the buyer has not decided. */
export type Choice = number | 'free' | 'skip' | null;

export interface ReviewRow {
  /** 1-based line of the list (the rows below the header). */
  line: number;
  /** The row's cells as the file gave them. */
  cells: string[];
  source: BomMatchLine & { reference?: string };
  /** The quantity cell as the file gave it (with the unit cell, when the list has a unit column). */
  quantityCell: string;
  /** What the quantity input holds. */
  quantityText: string;
  /** The whole count read, or null while it needs checking. */
  quantity: number | null;
  /** Why the quantity needs checking (shown under "Check quantity"). */
  quantityProblem?: string;
  /** Whether the reader flagged this line's quantity (stays true for the filter once fixed). */
  quantityFlagged: boolean;
  /** The reader found no quantity at all (blank cell, or no quantity column). */
  quantityBlank: boolean;
  match: LineMatch;
  choice: Choice;
}

export type PendingLine = Omit<ReviewRow, 'match' | 'choice'>;

const cut = (text: string | undefined, max: number) => {
  const t = text?.trim();
  return t ? t.slice(0, max) : undefined;
};

/** The list's lines with the confirmed columns, quantities read under the file's number format. */
export function pendingLines(sheet: BomSheet, headerRow: number | null, mapping: GuessedMapping): PendingLine[] {
  const rows = linesOf(sheet.rows, headerRow);
  const cell = (row: string[], role: BomRole) => (mapping[role] === undefined ? undefined : row[mapping[role]])?.trim();
  const otherCells = rows.slice(0, 500).flatMap((row) => row.filter((_, i) => i !== mapping.quantity && i !== mapping.reference));
  const quantities =
    mapping.quantity === undefined
      ? undefined
      : readQuantityColumn(
          rows.map((r) => cell(r, 'quantity')),
          { delimiter: sheet.format.delimiter, language: headerRow === null ? undefined : headerLanguage(sheet.rows[headerRow] ?? []), otherCells },
          mapping.unit === undefined ? undefined : rows.map((r) => cell(r, 'unit')),
        );
  return rows
    .map((row, i): PendingLine => {
      const reading = quantities?.readings[i] ?? { ok: false as const, problem: 'blank' as const, message: 'No quantity column' };
      const quantityCell = [cell(row, 'quantity'), cell(row, 'unit')].filter(Boolean).join(' ');
      return {
        line: i + 1,
        cells: row,
        source: {
          partNumber: cut(cell(row, 'partNumber'), BOM_TEXT_LIMITS.partNumber),
          manufacturer: cut(cell(row, 'manufacturer'), BOM_TEXT_LIMITS.manufacturer),
          description: cut(cell(row, 'description'), BOM_TEXT_LIMITS.description),
          reference: cut(cell(row, 'reference'), BOM_TEXT_LIMITS.reference),
        },
        quantityCell,
        quantityText: reading.ok ? String(reading.quantity) : (cell(row, 'quantity') ?? ''),
        quantity: reading.ok ? reading.quantity : null,
        ...(reading.ok ? {} : { quantityProblem: reading.message }),
        quantityFlagged: !reading.ok,
        quantityBlank: !reading.ok && reading.problem === 'blank',
      };
    })
    .filter((l) => l.source.partNumber || l.source.description);
}

/** The request for the matcher: what each line says. */
export function matchRequest(lines: PendingLine[]): BomMatchLine[] {
  return lines.map(({ source }) => ({
    ...(source.partNumber ? { partNumber: source.partNumber } : {}),
    ...(source.manufacturer ? { manufacturer: source.manufacturer } : {}),
    ...(source.description ? { description: source.description } : {}),
  }));
}

/** Exact and likely matches are chosen; "Choose one" waits for the buyer; no match is kept as free text. */
export function initialChoice(match: LineMatch): Choice {
  if ((match.confidence === 'exact' || match.confidence === 'likely') && match.candidates.length > 0) return 0;
  if (match.confidence === 'none') return 'free';
  return null;
}

/** A line the buyer still has to decide: no part chosen yet, or a quantity to check (unless left out). */
export const needsDecision = (row: ReviewRow) => row.choice !== 'skip' && (row.choice === null || row.quantity === null);

/** The quantity input after typing: read without guessing; a flag stays until it reads as a whole count. */
export function typedQuantity(row: ReviewRow, text: string): ReviewRow {
  const reading = readTypedQuantity(text);
  if (reading.ok) {
    const { quantityProblem: _drop, ...rest } = row;
    return { ...rest, quantityText: text, quantity: reading.quantity };
  }
  return { ...row, quantityText: text, quantity: null, quantityProblem: reading.message };
}

/** What a kept line becomes in the basket, and the key that makes two lines the same. */
function keyOf(row: ReviewRow): string | undefined {
  if (typeof row.choice === 'number') return `part:${row.match.candidates[row.choice]?.id}`;
  if (row.choice !== 'free') return undefined;
  if (row.source.partNumber) return `free:${normalizePartNumber(row.source.partNumber)}`;
  const words = (t: string | undefined) => (t ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  return `free-text:${words(row.source.manufacturer)}|${words(row.source.description)}`;
}

/** The line each repeated part (or free-text line) is first used on: repeats read as one basket line, quantities added. */
export function duplicates(rows: ReviewRow[]): Map<number, number> {
  const first = new Map<string, number>();
  const out = new Map<number, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!key) continue;
    const at = first.get(key);
    if (at === undefined) first.set(key, row.line);
    else out.set(row.line, at);
  }
  return out;
}

export function candidateText(c: MatchCandidate): string {
  return `${c.partNumber} — ${c.name}${c.manufacturer ? ` (${c.manufacturer.name})` : ''}`;
}

/**
 * The basket lines, in the list's order, repeats added into their first line. Refuses (returns
 * undefined) while any line needs a decision: a guessed part or quantity never reaches the basket.
 */
export function basketLines(rows: ReviewRow[]): IncomingLine[] | undefined {
  if (rows.some(needsDecision)) return undefined;
  const out: IncomingLine[] = [];
  const byKey = new Map<string, number>();
  for (const r of rows) {
    if (r.choice === 'skip' || r.choice === null || r.quantity === null) continue;
    // Repeated parts go in as they are (the basket adds a part's quantities); repeated free text is added up here.
    const key = keyOf(r)!;
    const at = key.startsWith('part:') ? undefined : byKey.get(key);
    if (at !== undefined) {
      const first = out[at]!;
      out[at] = { ...first, quantity: first.quantity + r.quantity };
      continue;
    }
    const details = r.source.reference ? { reference: r.source.reference } : undefined;
    if (typeof r.choice === 'number') {
      const c = r.match.candidates[r.choice]!;
      out.push({
        part: {
          id: c.id,
          name: c.name,
          slug: c.slug,
          partNumber: c.partNumber,
          manufacturer: c.manufacturer ? { name: c.manufacturer.name, slug: c.manufacturer.slug } : null,
        },
        quantity: r.quantity,
        ...(details ? { details } : {}),
      });
    } else {
      const freeText = {
        ...(r.source.partNumber ? { partNumber: r.source.partNumber } : {}),
        ...(r.source.manufacturer ? { manufacturer: r.source.manufacturer } : {}),
        ...(r.source.description ? { description: r.source.description } : {}),
      };
      out.push({ freeText, quantity: r.quantity, ...(details ? { details } : {}) });
    }
    byKey.set(key, out.length - 1);
  }
  return out;
}

export type ReviewFilter = 'all' | 'choose' | 'none' | 'quantity';
export const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = {
  all: 'All lines',
  choose: 'Needs a choice',
  none: 'No match',
  quantity: 'Check quantity',
};

export function inFilter(row: ReviewRow, filter: ReviewFilter): boolean {
  if (filter === 'choose') return row.match.confidence === 'choose';
  if (filter === 'none') return row.match.confidence === 'none';
  if (filter === 'quantity') return row.quantityFlagged;
  return true;
}

/** Whether a line holds the searched words (its cells, what was understood, its candidates). */
export function matchesSearch(row: ReviewRow, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [...row.cells, ...row.match.candidates.map(candidateText), String(row.line)].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}
