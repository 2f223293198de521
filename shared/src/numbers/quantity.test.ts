import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_QUOTE_QUANTITY } from '../constants';
import { COUNT_UNITS, decideDecimalMark, readQuantity, readQuantityColumn, readTypedQuantity, splitDecimal, type DecimalMark } from './quantity';

const ok = (quantity: number) => ({ ok: true, quantity });
const problem = (p: string) => expect.objectContaining({ ok: false, problem: p });

describe('readQuantity: the cases of issue 25', () => {
  it('reads the count units it knows, before or after the number', () => {
    expect(readQuantity('x89', '.')).toEqual(ok(89));
    expect(readQuantity('42 Stück', ',')).toEqual(ok(42));
    expect(readQuantity('67 pieces', '.')).toEqual(ok(67));
    for (const cell of ['12 pcs', '12pc', '12 ea', '12x', 'x12', '12 Stk.', '12 units', '12 ST', '× 12']) expect(readQuantity(cell, undefined)).toEqual(ok(12));
  });

  it("reads a German ERP export's three decimals as meant: 130,000 is 130 under a comma mark, 130000 under a dot mark", () => {
    expect(readQuantity('130,000', ',')).toEqual(ok(130));
    expect(readQuantity('1.300,000', ',')).toEqual(ok(1300));
    expect(readQuantity('130,000', '.')).toEqual(ok(130_000));
    expect(readQuantity('130,000', undefined)).toEqual({ ok: false, problem: 'ambiguous', message: 'Could be 130,000 or 130' });
  });

  it('flags what is not a whole count of pieces, showing why, instead of using 1', () => {
    expect(readQuantity('', '.')).toEqual({ ok: false, problem: 'blank', message: 'No quantity' });
    expect(readQuantity('ten', '.')).toEqual(problem('not-a-number'));
    expect(readQuantity('1.5', '.')).toEqual({ ok: false, problem: 'not-whole', message: 'Not a whole number: 1.5' });
    expect(readQuantity('0', '.')).toEqual(problem('below-one'));
    expect(readQuantity('-4', '.')).toEqual(problem('below-one'));
    expect(readQuantity('1,5', undefined)).toEqual(problem('not-whole'));
    expect(readQuantity('1.500', undefined)).toEqual({ ok: false, problem: 'ambiguous', message: 'Could be 1.5 or 1,500' });
  });

  it('flags lines in other units: m, kg, l, also from a unit column', () => {
    expect(readQuantity('3 m', '.')).toEqual({ ok: false, problem: 'unit', message: 'In m, not pieces' });
    expect(readQuantity('2,5 kg', ',')).toEqual({ ok: false, problem: 'unit', message: 'In kg, not pieces' });
    expect(readQuantity('5l', '.')).toEqual(problem('unit'));
    expect(readQuantity('12', '.', 'M')).toEqual({ ok: false, problem: 'unit', message: 'In M, not pieces' });
    expect(readQuantity('12', '.', 'ST')).toEqual(ok(12));
    expect(readQuantity('12', '.', '')).toEqual(ok(12));
  });

  it('never clamps: above the cap is flagged with the value read', () => {
    expect(readQuantity('1,000,000', '.')).toEqual(ok(MAX_QUOTE_QUANTITY));
    expect(readQuantity('1,000,001', '.')).toEqual({ ok: false, problem: 'too-large', message: 'More than 1,000,000: 1,000,001' });
    expect(readQuantity('99999999999999999999', '.')).toEqual(problem('too-large'));
  });

  it('typed quantities are read without a file context: only a form that reads one way passes', () => {
    expect(readTypedQuantity('250')).toEqual(ok(250));
    expect(readTypedQuantity('2 500')).toEqual(ok(2500));
    expect(readTypedQuantity('1,000')).toEqual(problem('ambiguous'));
  });
});

describe('decideDecimalMark: from the column, then the file', () => {
  it('the column decides when its cells agree', () => {
    expect(decideDecimalMark(['130,000', '2,500', '1.234,000'])).toEqual({ mark: ',', basis: 'column' });
    expect(decideDecimalMark(['10', '2.5', '1,000'])).toEqual({ mark: '.', basis: 'column' });
    expect(decideDecimalMark(['2,5', '2.5'], { delimiter: ';' })).toEqual({ mark: undefined, basis: undefined });
  });
  it('else the file: other numbers, the header language, the delimiter', () => {
    expect(decideDecimalMark(['130,000', '12'], { delimiter: ';' })).toEqual({ mark: ',', basis: 'file' });
    expect(decideDecimalMark(['130,000', '12'], { language: 'de' })).toEqual({ mark: ',', basis: 'file' });
    expect(decideDecimalMark(['130,000', '12'], { delimiter: ',' })).toEqual({ mark: '.', basis: 'file' });
    expect(decideDecimalMark(['130,000'], { delimiter: ',', otherCells: ['12,50', '3,99', 'BAV99'] })).toEqual({ mark: ',', basis: 'file' });
    expect(decideDecimalMark(['130,000'], { delimiter: ',', language: 'de' })).toEqual({ mark: undefined, basis: undefined });
    expect(decideDecimalMark(['130,000', '12'], { delimiter: '\t' })).toEqual({ mark: undefined, basis: undefined });
  });
  it('readQuantityColumn reads an SAP export (semicolons, German headers) as meant', () => {
    const { decision, readings } = readQuantityColumn(['130,000', '2,000', '42 Stück', 'x89', '1,5'], { delimiter: ';', language: 'de' });
    expect(decision.mark).toBe(',');
    expect(readings).toEqual([ok(130), ok(2), ok(42), ok(89), problem('not-whole')]);
  });
});

/** A whole number written the way a list in one locale writes it. */
const written = (n: number, mark: DecimalMark, style: { group: string | null; decimals: number; unit: string | null; unitFirst: boolean }) => {
  const grouping = style.group ?? '';
  const digits = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, grouping);
  const number = style.decimals > 0 ? `${digits}${mark}${'0'.repeat(style.decimals)}` : digits;
  if (!style.unit) return number;
  return style.unitFirst && /^x$/i.test(style.unit) ? `${style.unit}${number}` : `${number} ${style.unit}`;
};

describe('property: every quantity is read as meant or flagged, never silently changed', () => {
  const markArb = fc.constantFrom<DecimalMark>('.', ',');
  const styleFor = (mark: DecimalMark) =>
    fc.record({
      group: fc.constantFrom(null, mark === '.' ? ',' : '.', ' ', "'"),
      decimals: fc.integer({ min: 0, max: 3 }),
      unit: fc.constantFrom(null, ...COUNT_UNITS, 'Stück', 'PCS', 'X'),
      unitFirst: fc.boolean(),
    });

  it('a whole count written in the decided format reads back as itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_QUOTE_QUANTITY }),
        markArb.chain((mark) => fc.tuple(fc.constant(mark), styleFor(mark))),
        (n, [mark, style]) => {
          expect(readQuantity(written(n, mark, style), mark)).toEqual(ok(n));
        },
      ),
    );
  });

  it('undecided, a cell either reads the same under both marks or is flagged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_QUOTE_QUANTITY }),
        markArb.chain((mark) => fc.tuple(fc.constant(mark), styleFor(mark))),
        (n, [mark, style]) => {
          const reading = readQuantity(written(n, mark, style), undefined);
          if (reading.ok) expect(reading.quantity).toBe(n);
        },
      ),
    );
  });

  it('any text at all: a count is only ever the digits of the cell (fraction zeros aside), within 1..cap', () => {
    const cellArb = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[x×]?[0-9.,' ]{1,14}(?: ?(?:pcs|m|kg|Stk|x|l))?$/),
      fc.stringMatching(/^-?[0-9]{1,9}[.,][0-9]{1,4}$/),
    );
    fc.assert(
      fc.property(cellArb, fc.constantFrom<DecimalMark | undefined>('.', ',', undefined), (cell, mark) => {
        const reading = readQuantity(cell, mark);
        if (!reading.ok) return;
        expect(Number.isInteger(reading.quantity)).toBe(true);
        expect(reading.quantity).toBeGreaterThanOrEqual(1);
        expect(reading.quantity).toBeLessThanOrEqual(MAX_QUOTE_QUANTITY);
        const digits = cell.replace(/\D/g, '').replace(/^0+/, '');
        expect(digits.startsWith(String(reading.quantity))).toBe(true);
        expect(/^0*$/.test(digits.slice(String(reading.quantity).length))).toBe(true);
      }),
    );
  });

  it('a fraction, another unit or a value above the cap is always flagged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 1, max: 9 }), markArb, (whole, tenth, mark) => {
        expect(readQuantity(`${whole}${mark}${tenth}`, mark).ok).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom('m', 'mm', 'kg', 'g', 'l', 'ml', 'ft', 'roll'), (n, unit) => {
        expect(readQuantity(`${n} ${unit}`, '.')).toEqual(problem('unit'));
        expect(readQuantity(String(n), '.', unit)).toEqual(problem('unit'));
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(MAX_QUOTE_QUANTITY) + 1n, max: 10n ** 30n }), markArb, (n, mark) => {
        expect(readQuantity(n.toString(), mark)).toEqual(problem('too-large'));
      }),
    );
  });

  it('splitDecimal keeps every digit: grouping only in threes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9][0-9.,]{0,12}$/), markArb, (text, mark) => {
        const parts = splitDecimal(text, mark);
        if (parts) expect(`${parts.whole}${parts.fraction}`.replace(/^0+/, '')).toBe(text.replace(/\D/g, '').replace(/^0+/, ''));
      }),
    );
  });
});
