import { describe, expect, it } from 'vitest';
import { BOM_NOT_A_LIST, BOM_UNKNOWN_ENCODING, readBomFile, readBomText } from './bom-reader';

/** Windows-1252 bytes of a Latin-1 string (what German Excel writes for "CSV (Trennzeichen-getrennt)"). */
const cp1252 = (text: string) => Buffer.from(text.replace(/€/g, '\x80'), 'latin1');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const GERMAN = 'Hersteller-Nr.;Bezeichnung;Menge\nBAV99;Diode für Größe Ø 5 mm;130,000\n';
const ROWS = [
  ['Hersteller-Nr.', 'Bezeichnung', 'Menge'],
  ['BAV99', 'Diode für Größe Ø 5 mm', '130,000'],
];

describe('readBomFile: the encoding by content (issue 25 item 5)', () => {
  it('reads UTF-8 with and without a BOM', async () => {
    expect(await readBomFile(Buffer.from(GERMAN, 'utf8'))).toEqual({
      rows: ROWS,
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ';' },
      rowNumbers: [1, 2],
    });
    expect((await readBomFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(GERMAN, 'utf8')]))).rows).toEqual(ROWS);
  });

  it("reads UTF-16 LE and BE (Excel's Unicode text), with or without a BOM", async () => {
    const tsv = GERMAN.replace(/;/g, '\t');
    const tabRows = ROWS;
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tsv, 'utf16le')]);
    expect(await readBomFile(le)).toEqual({ rows: tabRows, format: { kind: 'csv', encoding: 'utf-16le', delimiter: '\t' }, rowNumbers: [1, 2] });
    expect((await readBomFile(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(tsv)]))).format.encoding).toBe('utf-16be');
    expect((await readBomFile(Buffer.from(tsv, 'utf16le'))).rows).toEqual(tabRows);
    expect((await readBomFile(utf16be(tsv))).rows).toEqual(tabRows);
  });

  it('reads Windows-1252 (German Excel): für, Größe, Ø, €', async () => {
    expect(await readBomFile(cp1252(GERMAN))).toEqual({ rows: ROWS, format: { kind: 'csv', encoding: 'windows-1252', delimiter: ';' }, rowNumbers: [1, 2] });
    expect((await readBomFile(cp1252('Teil;Preis\nX-1;12,50 €\n'))).rows[1]).toEqual(['X-1', '12,50 €']);
  });

  it('refuses other encodings with what to do, and binary as not a list', async () => {
    const cyrillic = Buffer.from([0xd0, 0xe5, 0xe7, 0xe8, 0xf1, 0xf2, 0xee, 0xf0, 0x3b, 0x31, 0x0a]); // "Резистор;1" in Windows-1251
    await expect(readBomFile(cyrillic)).rejects.toThrow(BOM_UNKNOWN_ENCODING);
    const shiftJis = Buffer.from([0x95, 0x94, 0x95, 0x69, 0x2c, 0x31, 0x0a]); // "部品,1"
    await expect(readBomFile(shiftJis)).rejects.toThrow(BOM_UNKNOWN_ENCODING);
    await expect(readBomFile(Buffer.from([0x4c, 0x4d, 0x81, 0x31]))).rejects.toThrow(BOM_UNKNOWN_ENCODING);
    await expect(readBomFile(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10]))).rejects.toThrow(BOM_NOT_A_LIST);
  });
});

describe('readBomText: pasted text', () => {
  it('is tab-separated text, its format marked as pasted', () => {
    expect(readBomText('\uFEFFBAV99\t2\nLM317T\tx89\n')).toEqual({
      rows: [
        ['BAV99', '2'],
        ['LM317T', 'x89'],
      ],
      format: { kind: 'paste', delimiter: '\t' },
      rowNumbers: [1, 2],
    });
  });
});
