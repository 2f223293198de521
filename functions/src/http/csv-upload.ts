import { CSV_MAX_REQUEST_BYTES, megabytes } from '@parts/shared/constants';
import { columnMappingSchema, type ColumnMapping } from '@parts/shared/schemas';
import { DomainError, ValidationError } from '../domain/errors';
import { parseOrThrow } from '../domain/validation';
import { readMultipart } from './multipart';

export const CSV_FILE_REQUIRED = 'Choose a CSV file to upload';

/** The `csvFile` part of a multipart body (and the `columnMapping` JSON text when asked for). */
export async function readCsvUpload(request: Request, withMapping: boolean): Promise<{ file: Buffer; mapping?: ColumnMapping }> {
  const body = await readMultipart(request, { maxFileBytes: CSV_MAX_REQUEST_BYTES, maxFiles: 1 });
  const file = body.files.find((f) => f.field === 'csvFile');
  if (!file) throw new ValidationError(CSV_FILE_REQUIRED);
  if (file.truncated) {
    throw new DomainError(413, `The CSV file is larger than ${megabytes(CSV_MAX_REQUEST_BYTES)} MB; use the large-file upload instead`);
  }
  if (!withMapping) return { file: file.data };
  const text = body.fields.columnMapping;
  if (text === undefined) throw new ValidationError('Map both Part Name and Part Number');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ValidationError('columnMapping must be JSON text');
  }
  return { file: file.data, mapping: parseOrThrow(columnMappingSchema, json, ['columnMapping']) };
}
