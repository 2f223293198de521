import { DEMAND_SET_CAP, type DemandRow } from '@parts/shared/schemas';

/** The purchasing team's columns (issue 31). */
export const DEMAND_EXPORT_COLUMNS = [
  'Part number',
  'Manufacturer',
  'Description',
  'Count',
  'Buyers',
  'First seen',
  'Last seen',
  'Status',
  'Request numbers',
] as const;

type Cell = string | number;

export function demandSheet(rows: DemandRow[]): Cell[][] {
  return [
    [...DEMAND_EXPORT_COLUMNS],
    ...rows.map((r) => [
      r.display,
      r.manufacturer ?? '',
      r.description ?? '',
      r.count,
      r.buyers >= DEMAND_SET_CAP ? `${DEMAND_SET_CAP}+` : r.buyers,
      r.firstSeen.slice(0, 10),
      r.lastSeen.slice(0, 10),
      r.status,
      r.requests.map((q) => `#${q.number}`).join(' '),
    ]),
  ];
}

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading `'` (as the price sheet). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a byte-order mark (Excel reads accents right), comma-separated, CRLF. */
export const demandCsv = (rows: Cell[][]): Buffer => Buffer.from(`\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');

export async function demandXlsx(rows: Cell[][]): Promise<Buffer> {
  // Loaded by the first export, not at the API's cold start (ADR 082).
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const data = rows.map((r, i) =>
    r.map((value) =>
      value === '' ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) },
    ),
  );
  const columns = DEMAND_EXPORT_COLUMNS.map((h) => ({ width: Math.max(12, Math.min(40, h.length + 4)) }));
  return writeXlsxFile(data, { sheet: 'Missing parts', columns, stickyRowsCount: 1 }).toBuffer();
}
