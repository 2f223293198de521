import { describe, expect, it } from 'vitest';
import { applySavedMapping, guessBomColumns, parseBomQuantity, toSavedMapping } from './bom-columns';

describe('guessBomColumns from headers', () => {
  it('maps the usual header names, whatever their case and punctuation', () => {
    const rows = [
      ['Item', 'Qty', 'Manufacturer Part Number', 'Mfr.', 'Description'],
      ['1', '10', 'LM317T', 'TI', 'Voltage regulator'],
    ];
    expect(guessBomColumns(rows)).toEqual({
      hasHeader: true,
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
    expect(guessBomColumns(rows)).toEqual({ hasHeader: false, mapping: { quantity: 3, partNumber: 0, description: 2, manufacturer: 1 } });
  });

  it('a first row of data is not a header', () => {
    expect(
      guessBomColumns([
        ['LM317T', '5'],
        ['BAV99', '3'],
      ]).hasHeader,
    ).toBe(false);
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

describe('parseBomQuantity', () => {
  it('reads whole numbers with thousands separators and units', () => {
    expect(parseBomQuantity('10')).toBe(10);
    expect(parseBomQuantity('1,000')).toBe(1000);
    expect(parseBomQuantity('2 500')).toBe(2500);
    expect(parseBomQuantity('12 pcs')).toBe(12);
    expect(parseBomQuantity('3.0')).toBe(3);
  });
  it('falls back to 1 for blanks, zero, fractions and text', () => {
    for (const cell of ['', undefined, '0', '1.5', 'ten', '-4', 'abc']) expect(parseBomQuantity(cell)).toBe(1);
  });
});
