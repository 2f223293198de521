import { describe, expect, it } from 'vitest';
import type { BomSheet, LineMatch, MatchCandidate } from '@parts/shared/bom';
import { basketLines, duplicates, initialChoice, needsDecision, pendingLines, typedQuantity, type ReviewRow } from './bom-lines';

const candidate = (id: number): MatchCandidate => ({
  id,
  name: `Part ${id}`,
  slug: `part-${id}`,
  partNumber: `P-${id}`,
  status: 'active',
  manufacturer: null,
  via: 'words',
});
const sheet = (rows: string[][], format: BomSheet['format'] = { kind: 'csv', delimiter: ';', encoding: 'windows-1252' }): BomSheet => ({
  rows,
  headerRow: 1,
  mapping: {},
  mappingSource: 'guessed',
  format,
});
function review(lines: ReturnType<typeof pendingLines>, matches: LineMatch[]): ReviewRow[] {
  return lines.map((l, i) => ({ ...l, match: matches[i]!, choice: initialChoice(matches[i]!) }));
}

describe('the review chooses nothing for the buyer (issue 25 item 3)', () => {
  const list = sheet([
    ['Stückliste'],
    ['MPN', 'Menge', 'Bezeichnung'],
    ['A-1', 'x89', ''],
    ['', '42 Stück', 'O-Ring 10x2'],
    ['ZZ-9', '1,5', 'Halter'],
    ['zz 9', '3', 'Halter'],
  ]);
  const lines = pendingLines(list, 1, { partNumber: 0, quantity: 1, description: 2 });
  const rows = review(lines, [
    { confidence: 'exact', candidates: [candidate(1)] },
    { confidence: 'choose', candidates: [candidate(2), candidate(3)] },
    { confidence: 'none', candidates: [] },
    { confidence: 'none', candidates: [] },
  ]);

  it('reads the quantities under the list format and flags the rest', () => {
    expect(lines.map((l) => [l.quantity, l.quantityCell])).toEqual([
      [89, 'x89'],
      [42, '42 Stück'],
      [null, '1,5'],
      [3, '3'],
    ]);
    expect(lines[2]!.quantityProblem).toBe('Not a whole number: 1,5');
  });

  it('a "Choose one" line has no part, and nothing reaches the basket while a line is undecided', () => {
    expect(rows.map((r) => r.choice)).toEqual([0, null, 'free', 'free']);
    expect(rows.filter(needsDecision).map((r) => r.line)).toEqual([2, 3]);
    expect(basketLines(rows)).toBeUndefined();
  });

  it('once decided: the list order, repeated free-text lines flagged and added up', () => {
    const decided = rows.map((r) => (r.line === 2 ? { ...r, choice: 1 } : r.line === 3 ? typedQuantity(r, '2') : r));
    expect(duplicates(decided)).toEqual(new Map([[4, 3]]));
    expect(basketLines(decided)).toEqual([
      { part: expect.objectContaining({ id: 1 }), quantity: 89 },
      { part: expect.objectContaining({ id: 3 }), quantity: 42 },
      { freeText: { partNumber: 'ZZ-9', description: 'Halter' }, quantity: 5 },
    ]);
  });

  it('a list without a quantity column asks for every quantity', () => {
    const noQty = pendingLines(list, 1, { partNumber: 0, description: 2 });
    expect(noQty.every((l) => l.quantity === null && l.quantityProblem === 'No quantity column')).toBe(true);
  });
});
