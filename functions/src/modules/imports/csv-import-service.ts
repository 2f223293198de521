import type { Readable } from 'node:stream';
import { PART_STATUS_LABELS } from '@parts/shared/constants';
import { PART_IMPORT_FIELD_LABELS } from '@parts/shared/import-fields';
import { normalizePartNumber } from '@parts/shared/part-number';
import {
  PART_IMPORT_FIELDS,
  partInputSchema,
  partStatusSchema,
  type Category,
  type ColumnMapping,
  type CsvImportResult,
  type Manufacturer,
  type PartImportField,
} from '@parts/shared/schemas';
import { DomainError, ValidationError } from '../../domain/errors';
import { toValidationError } from '../../domain/validation';
import { CSV_NO_HEADER, createCsvParser, csvParseMessage, inspectCsvStart, isBlankRecord, peekStream, readHeaders, type Delimiter } from './csv-reader';
import type { CatalogRepository, PartUpsert } from '../catalog';
import { carryOverDemand, type DemandRepository } from '../demand';
import type { SearchSync } from '../search';
import { loadSlugify, loadedSlugify } from '../../lib/slugify-loader';

export const IMPORT_BATCH_SIZE = 500;
/** The error list keeps the first rows' errors; errorCount still counts all of them. */
export const MAX_REPORTED_ERRORS = 1000;

const FIELD_LABELS: Record<PartImportField | 'slug' | 'specifications', string> = {
  ...PART_IMPORT_FIELD_LABELS,
  slug: 'Slug',
  specifications: 'Specifications',
};

export interface ImportProgress {
  rowsDone: number;
  rowsFailed: number;
}

/**
 * Where a job stands after a batch was written: every record of the file up to `afterRecord` (counted as
 * the parser yields them, header and blank rows included) is applied, and `result` holds their totals.
 * Resuming from it (after a crash or a stop) skips those records and carries on with the same totals.
 */
export interface ImportCheckpoint {
  afterRecord: number;
  result: CsvImportResult;
}

/** The import was stopped between two batches (the server shutting down); its last checkpoint is saved. */
export class ImportStopped extends Error {
  constructor(readonly checkpoint: ImportCheckpoint) {
    super(`stopped after record ${checkpoint.afterRecord}`);
    this.name = 'ImportStopped';
  }
}

export interface CsvImportDeps {
  catalog: CatalogRepository;
  searchSync: SearchSync;
  /** Missing-part demand carried over to the parts an import adds (issue 31); absent in tools that import alone. */
  demand?: Pick<DemandRepository, 'getTerms' | 'linkPart'>;
}

interface Lookup<T> {
  byId: Map<number, T>;
  bySlug: Map<string, T>;
  byName: Map<string, T>;
}

function lookup<T extends { id: number; slug: string; name: string }>(items: T[]): Lookup<T> {
  return {
    byId: new Map(items.map((i) => [i.id, i])),
    bySlug: new Map(items.map((i) => [i.slug.toLowerCase(), i])),
    byName: new Map(items.map((i) => [i.name.trim().toLowerCase(), i])),
  };
}

/** A category or manufacturer cell may hold an id, a slug or a name. */
function resolve<T>(table: Lookup<T>, cell: string): T | undefined {
  const text = cell.trim();
  if (/^\d+$/.test(text)) {
    const hit = table.byId.get(Number(text));
    if (hit) return hit;
  }
  return table.bySlug.get(text.toLowerCase()) ?? table.byName.get(text.toLowerCase());
}

/** Needs `loadSlugify()` awaited first (importPartsCsv does). */
export function newPartSlug(name: string, partNumber: string): string {
  const slugify = loadedSlugify();
  const slug = `${slugify(name)}-${slugify(partNumber)}`.replace(/-+/g, '-').replace(/^-|-$/g, '');
  return (slug || `part-${normalizePartNumber(partNumber).toLowerCase()}`).slice(0, 200).replace(/-$/, '');
}

function normaliseStatus(cell: string): string | undefined {
  const text = cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return text === '' ? undefined : text;
}

export interface CompiledMapping {
  fields: Partial<Record<PartImportField, number>>;
  specs: { key: string; index: number }[];
}

/** Ties the mapping to the file's header positions; unknown headers and double targets are refused. */
export function compileMapping(headers: string[], mapping: ColumnMapping): CompiledMapping {
  const fields: Partial<Record<PartImportField, number>> = {};
  const specs: { key: string; index: number }[] = [];
  const used = new Set<string>();
  for (const [header, target] of Object.entries(mapping)) {
    const index = headers.indexOf(header.trim());
    if (index < 0) throw new ValidationError(`The column '${header}' is not in the file`);
    if (used.has(target)) throw new ValidationError(`Two columns are mapped to ${target}`);
    used.add(target);
    if ((PART_IMPORT_FIELDS as readonly string[]).includes(target)) fields[target as PartImportField] = index;
    else specs.push({ key: target.slice('spec:'.length).trim(), index });
  }
  return { fields, specs };
}

type RowOutcome = { ok: true; row: PartUpsert } | { ok: false; error: string };

const STATUS_WORDS = (() => {
  const labels = partStatusSchema.options.map((s) => PART_STATUS_LABELS[s]);
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
})();

/** A refused cell as a sentence about the column, quoting what was there: "Status must be Active, Discontinued or Coming Soon, got 'old'". */
function cellProblem(field: string, message: string, raw: string): string {
  const label = FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field;
  if (raw === '' || message === 'Required') return `${label} is required`;
  if (field === 'price' && message === 'Use at most 2 decimals') return `Price must have at most 2 decimals, got '${raw}'`;
  if (message.startsWith(`${label} `)) return `${message}, got '${raw}'`;
  return `${label}: ${message}`;
}

/** Joins a row's problems into its one error text, in the order of the import's fields. */
export const ROW_PROBLEM_SEPARATOR = '; ';

/**
 * One row as a part, or every problem it has (each in words, joined by ROW_PROBLEM_SEPARATOR in field
 * order). An empty category or manufacturer cell is no problem: the part is uncategorised or its
 * manufacturer unknown (null; ADR 101). A cell that names none of them is one.
 */
export function buildRow(record: string[], mapping: CompiledMapping, categories: Lookup<Category>, manufacturers: Lookup<Manufacturer>): RowOutcome {
  const cell = (field: PartImportField) => {
    const index = mapping.fields[field];
    return index === undefined ? '' : (record[index] ?? '').trim();
  };
  const problems = new Map<string, string>();
  const categoryCell = cell('categoryId');
  const manufacturerCell = cell('manufacturerId');
  const category = categoryCell === '' ? null : resolve(categories, categoryCell);
  if (category === undefined) problems.set('categoryId', `Unknown category '${categoryCell}'`);
  const manufacturer = manufacturerCell === '' ? null : resolve(manufacturers, manufacturerCell);
  if (manufacturer === undefined) problems.set('manufacturerId', `Unknown manufacturer '${manufacturerCell}'`);
  let status = normaliseStatus(cell('status'));
  if (status !== undefined && !partStatusSchema.safeParse(status).success) {
    problems.set('status', `Status must be ${STATUS_WORDS}, got '${cell('status')}'`);
    status = undefined;
  }
  const specifications: Record<string, string> = {};
  for (const { key, index } of mapping.specs) {
    const value = (record[index] ?? '').trim();
    if (value !== '') specifications[key] = value;
  }
  const parsed = partInputSchema.safeParse({
    name: cell('name'),
    partNumber: cell('partNumber'),
    slug: newPartSlug(cell('name'), cell('partNumber')) || 'part',
    description: cell('description'),
    status,
    categoryId: category?.id ?? null,
    manufacturerId: manufacturer?.id ?? null,
    specifications,
    // Read by the shared money reader in the part schema (`12,50`, `$1,234.50`; `1,234` is asked).
    price: cell('price'),
    image: cell('image'),
  });
  if (!parsed.success) {
    // The row list names the spreadsheet column, not the field path; one problem per column.
    for (const issue of toValidationError(parsed.error).issues ?? []) {
      const field = issue.path.split('.')[0] ?? '';
      if (problems.has(field)) continue;
      const raw = (PART_IMPORT_FIELDS as readonly string[]).includes(field) ? cell(field as PartImportField) : 'x';
      problems.set(field, field ? cellProblem(field, issue.message, raw) : issue.message);
    }
  }
  if (problems.size > 0) return { ok: false, error: inFieldOrder(problems).join(ROW_PROBLEM_SEPARATOR) };
  if (!parsed.success) return { ok: false, error: toValidationError(parsed.error).message };
  // The slug was only needed to validate the row: the repository derives it for a new part (with the id
  // appended when another part holds it) and an existing part keeps its own.
  const { slug: _derivedLater, ...row } = parsed.data;
  return { ok: true, row };
}

const FIELD_ORDER: readonly string[] = [...PART_IMPORT_FIELDS, 'slug', 'specifications'];

function inFieldOrder(problems: Map<string, string>): string[] {
  const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);
  return [...problems].sort(([a], [b]) => rank(a) - rank(b)).map(([, text]) => text);
}

/**
 * Streams a CSV through the mapping into the catalogue in batches: memory holds one batch, never the
 * file. Row numbers are as a spreadsheet shows them (the header is row 1).
 */
export async function importPartsCsv(
  deps: CsvImportDeps,
  source: Readable,
  mapping: ColumnMapping,
  options: {
    batchSize?: number;
    onProgress?: (p: ImportProgress) => Promise<void> | void;
    /** Called after each batch, once its rows are written; the job stores it to resume from. */
    onCheckpoint?: (checkpoint: ImportCheckpoint) => Promise<void> | void;
    /** Carries on after this checkpoint instead of from the start. */
    resumeFrom?: ImportCheckpoint;
    /** Checked after each batch: once aborted, the import ends with ImportStopped. */
    signal?: AbortSignal;
    /** The file's delimiter, when known (a chunk of it: ADR 061); sniffed from the start otherwise. */
    delimiter?: Delimiter;
    /** Records of the file before this source's data rows (a chunk: ADR 061), added to the reported row numbers. */
    rowOffset?: number;
  } = {},
): Promise<CsvImportResult> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const skipThrough = options.resumeFrom?.afterRecord ?? 0;
  await loadSlugify();
  const { head, stream } = await peekStream(source);
  const delimiter = options.delimiter ?? inspectCsvStart(head);
  const rowOffset = options.rowOffset ?? 0;
  const [categories, manufacturers] = await Promise.all([deps.catalog.listCategories().then(lookup), deps.catalog.listManufacturers().then(lookup)]);

  const resumed = options.resumeFrom?.result;
  const result: CsvImportResult = resumed ? { ...resumed, errors: [...resumed.errors] } : { totalRecords: 0, successCount: 0, errorCount: 0, errors: [] };
  const fail = (row: number, error: string) => {
    result.errorCount++;
    if (result.errors.length < MAX_REPORTED_ERRORS) result.errors.push({ row: row + rowOffset, error });
  };
  let batch: { row: number; part: PartUpsert; key: string }[] = [];
  /** Every record up to `throughRecord` is accounted for once the batch is written. */
  const flush = async (throughRecord: number) => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    const written = await deps.catalog.upsertParts(current.map((b) => b.part));
    const failed = new Map(written.failures.map((f) => [f.index, f.error]));
    current.forEach((b, i) => {
      const error = failed.get(i);
      if (error === undefined) result.successCount++;
      else fail(b.row, error);
    });
    if (written.changedIds.length > 0) await deps.searchSync.partsChanged(written.changedIds);
    if (deps.demand && written.changedIds.length > 0) {
      const ids = written.changedIds;
      // Demand is statistics: a failed carry-over never fails the rows, which are written.
      await carryOverDemand(
        deps.demand,
        current.map((b) => b.part.partNumber),
        async () => (await deps.catalog.getParts(ids)).map((p) => ({ id: p.id, partNumber: p.partNumber })),
      ).catch(() => undefined);
    }
    await options.onProgress?.({ rowsDone: result.successCount, rowsFailed: result.errorCount });
    await options.onCheckpoint?.({ afterRecord: throughRecord, result: { ...result, errors: [...result.errors] } });
    if (options.signal?.aborted) throw new ImportStopped({ afterRecord: throughRecord, result });
  };

  // The parser reports a skipped (unreadable) record as it meets it, which can be ahead of the records
  // consumed: it is counted once the consumer reaches its position, so a checkpoint never holds it early.
  const unreadable: { row: number; reason: string }[] = [];
  const countUnreadable = (through: number) => {
    while (unreadable.length > 0 && unreadable[0]!.row <= through) {
      const { row: at, reason } = unreadable.shift()!;
      if (at <= skipThrough) continue;
      result.totalRecords++;
      fail(at, reason);
    }
  };
  const parser = createCsvParser(delimiter, (brokenRow, reason) => unreadable.push({ row: brokenRow, reason }));
  stream.on('error', (err) => parser.destroy(err));
  stream.pipe(parser);
  let compiled: CompiledMapping | undefined;
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      if (!compiled) {
        if (isBlankRecord(record)) continue;
        compiled = compileMapping(readHeaders(record), mapping);
        continue;
      }
      // Applied before the checkpoint this run resumes from.
      if (row <= skipThrough) continue;
      if (isBlankRecord(record)) {
        countUnreadable(row);
        continue;
      }
      const outcome = buildRow(record, compiled, categories, manufacturers);
      // Keyed like the part-number guard: the manufacturer (or unknown, ADR 101) and the normalised number.
      const key = outcome.ok ? `${outcome.row.manufacturerId ?? 'unknown'}|${normalizePartNumber(outcome.row.partNumber)}` : '';
      // The same part twice in one batch would race with itself; write the earlier one first.
      if (outcome.ok && batch.some((b) => b.key === key)) await flush(row - 1);
      countUnreadable(row);
      result.totalRecords++;
      if (!outcome.ok) {
        fail(row, outcome.error);
        continue;
      }
      batch.push({ row, part: outcome.row, key });
      if (batch.length >= batchSize) await flush(row);
    }
  } catch (err) {
    if (err instanceof DomainError || err instanceof ImportStopped) throw err;
    throw new ValidationError(csvParseMessage(err));
  }
  countUnreadable(Number.MAX_SAFE_INTEGER);
  await flush(row);
  if (!compiled) throw new ValidationError(CSV_NO_HEADER);
  // Skipped records are reported as the parser meets them, which can be ahead of the rows consumed.
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}
