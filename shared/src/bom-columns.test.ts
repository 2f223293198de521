import { describe, expect, it } from 'vitest';
import { applySavedMapping, findHeaderRow, guessBomColumns, headerLanguage, linesOf, toSavedMapping } from './bom-columns';

describe('guessBomColumns from headers', () => {
  it('maps the usual header names, whatever their case and punctuation', () => {
    const rows = [
      ['Item', 'Qty', 'Manufacturer Part Number', 'Mfr.', 'Description'],
      ['1', '10', 'LM317T', 'TI', 'Voltage regulator'],
    ];
    expect(guessBomColumns(rows)).toEqual({
      headerRow: 0,
      mapping: { reference: 0, quantity: 1, partNumber: 2, manufacturer: 3, description: 4 },
    });
  });

  it("tells the customer's own part number from the manufacturer's", () => {
    const rows = [
      ['Customer Part Number', 'MPN', 'Make', 'Quantity'],
      ['ACME-0001', 'BAV99', 'Nexperia', '4'],
    ];
    expect(guessBomColumns(rows).mapping).toEqual({ reference: 0, partNumber: 1, manufacturer: 2, quantity: 3 });
  });

  it('reads P/N, Part #, Ref Des and Pcs', () => {
    const rows = [
      ['Ref Des', 'Part #', 'Pcs'],
      ['R1, R2', 'RC0603FR-0710KL', '2'],
    ];
    expect(guessBomColumns(rows).mapping).toEqual({ reference: 0, partNumber: 1, quantity: 2 });
    expect(
      guessBomColumns([
        ['P/N', 'Qty'],
        ['X-1', '3'],
      ]).mapping,
    ).toEqual({ partNumber: 0, quantity: 1 });
  });
});

describe('guessBomColumns from values (no header, e.g. pasted rows)', () => {
  it('finds the quantity, part number, description and manufacturer columns', () => {
    const rows = [
      ['6ES7214-1AG40-0XB0', 'Siemens', 'Compact PLC CPU', '2'],
      ['DSNU-32-100-PPV-A', 'Festo', 'Round cylinder 32 mm', '10'],
      ['BAV99-TR', 'Nexperia', 'Switching diode', '1,000'],
      ['CDQ2B32-50DZ', 'SMC', 'Compact cylinder', '4 pcs'],
    ];
    expect(guessBomColumns(rows)).toEqual({ headerRow: null, mapping: { quantity: 3, partNumber: 0, description: 2, manufacturer: 1 } });
  });

  it('a first row of data is not a header', () => {
    expect(
      guessBomColumns([
        ['LM317T', '5'],
        ['BAV99', '3'],
      ]).headerRow,
    ).toBeNull();
  });
});

describe('remembered mappings', () => {
  it('applies when every remembered header is present, in any column order or case', () => {
    const saved = toSavedMapping(['Our Ref', 'Article', 'Brand', 'Menge'], { reference: 0, partNumber: 1, manufacturer: 2, quantity: 3 });
    expect(saved).toEqual({ reference: 'Our Ref', partNumber: 'Article', manufacturer: 'Brand', quantity: 'Menge' });
    expect(applySavedMapping(['menge', 'ARTICLE', 'brand', 'our ref', 'Notes'], saved)).toEqual({ quantity: 0, partNumber: 1, manufacturer: 2, reference: 3 });
  });
  it('does not apply to a list without those columns', () => {
    expect(applySavedMapping(['Part Number', 'Qty'], { partNumber: 'Article', quantity: 'Qty' })).toBeUndefined();
    expect(applySavedMapping(['Qty'], { quantity: 'Qty' })).toBeUndefined();
  });
});

describe('header rows below title rows (issue 25 item 4)', () => {
  const titled = [
    ['Bill of materials — Line 4 retrofit'],
    ['Customer: ACME GmbH', '', 'Date: 2026-11-02'],
    ['Revision C'],
    ['Item', 'Customer P/N', 'MPN', 'Manufacturer', 'Qty', 'Unit', 'Description'],
    ['1', 'ACME-0001', 'LM317T', 'TI', '10', 'pcs', 'Voltage regulator'],
    ['2', 'ACME-0002', 'BAV99', 'Nexperia', '4', 'pcs', 'Switching diode'],
  ];
  it('finds the header row under the titles; the rows above it are not lines', () => {
    expect(findHeaderRow(titled)).toBe(3);
    const guess = guessBomColumns(titled);
    expect(guess).toEqual({ headerRow: 3, mapping: { reference: 1, partNumber: 2, manufacturer: 3, quantity: 4, unit: 5, description: 6 } });
    expect(linesOf(titled, guess.headerRow).map((r) => r[2])).toEqual(['LM317T', 'BAV99']);
  });
  it('the buyer can set the row the column names are on, or none', () => {
    expect(guessBomColumns(titled, { headerRow: 3 }).headerRow).toBe(3);
    expect(guessBomColumns(titled, { headerRow: null }).headerRow).toBeNull();
    expect(linesOf(titled, null)).toHaveLength(6);
  });
  it("prefers the manufacturer's part number (MPN, Mfr. P/N, Hersteller-Nr.) over the customer's own, which becomes the reference", () => {
    expect(
      guessBomColumns([
        ['Customer P/N', 'Mfr. P/N', 'Qty'],
        ['C-1', 'BAV99', '2'],
      ]).mapping,
    ).toEqual({ reference: 0, partNumber: 1, quantity: 2 });
    expect(
      guessBomColumns([
        ['Pos.', 'Sachnummer', 'Hersteller-Nr.', 'Hersteller', 'Menge', 'ME'],
        ['10', '4711', 'BAV99', 'Nexperia', '130,000', 'ST'],
      ]).mapping,
    ).toEqual({ reference: 1, partNumber: 2, manufacturer: 3, quantity: 4, unit: 5 });
  });
  it('a unit column is not taken for the manufacturer, with or without a header', () => {
    const rows = [
      ['LM317T', '10', 'PC', 'Voltage regulator'],
      ['BAV99', '4', 'PC', 'Switching diode'],
      ['CABLE-3X1', '25', 'M', 'Control cable'],
    ];
    expect(guessBomColumns(rows).mapping).toMatchObject({ partNumber: 0, quantity: 1, unit: 2, description: 3 });
  });
  it('tells the header language', () => {
    expect(headerLanguage(['Pos.', 'Hersteller-Nr.', 'Menge', 'Bezeichnung'])).toBe('de');
    expect(headerLanguage(['Item', 'MPN', 'Qty'])).toBe('en');
    expect(headerLanguage(['A', 'B'])).toBeUndefined();
  });
});
