import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type busboy from 'busboy';
import { ValidationError } from '../domain/errors';

export interface UploadedFile {
  field: string;
  fileName: string;
  declaredType: string;
  data: Buffer;
  /** The file was longer than maxFileBytes; data holds only its first maxFileBytes + 1 bytes. */
  truncated: boolean;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** More files were sent than maxFiles allows. */
  tooManyFiles: boolean;
}

/**
 * Reads a multipart body with busboy. Bodies are already capped by limitBody, so files are held in
 * memory; each is cut at maxFileBytes + 1 so an oversized file is reported, never stored.
 */
export async function readMultipart(request: Request, options: { maxFileBytes: number; maxFiles: number }): Promise<MultipartBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body) throw new ValidationError('The request body is empty');
  // Loaded by the first upload, not at the API's cold start (ADR 082).
  const { default: createParser } = await import('busboy');
  let parser: busboy.Busboy;
  try {
    parser = createParser({
      headers: { 'content-type': contentType },
      // busboy stops at exactly fileSize bytes; one byte more tells an oversized file from one at the limit.
      limits: { fileSize: options.maxFileBytes + 1, files: options.maxFiles, fields: 50, fieldSize: 1024 * 1024 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw new ValidationError('Malformed multipart body');
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let tooManyFiles = false;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      const file: UploadedFile = {
        field,
        fileName: info.filename || 'file',
        declaredType: info.mimeType,
        data: Buffer.alloc(0),
        truncated: false,
      };
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body cut short errors the file stream too; unheard, that error would crash the process.
      stream.on('error', () => reject(new ValidationError('Malformed multipart body')));
      stream.on('end', () => {
        file.data = Buffer.concat(chunks);
        file.truncated = file.data.length > options.maxFileBytes;
        files.push(file);
      });
    });
    parser.on('filesLimit', () => {
      tooManyFiles = true;
    });
    parser.on('error', () => reject(new ValidationError('Malformed multipart body')));
    parser.on('close', () => resolve());
  });
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  await done;
  return { fields, files, tooManyFiles };
}
