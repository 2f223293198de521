import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { readBomFile, readBomText } from '../modules/bom';
import { previewCsv } from '../modules/imports';
import { DomainError } from '../domain/errors';
import type { ParseReply, ParseTask, ParseValue } from './parse-sandbox';
import { checkXlsxEntries } from './xlsx-guard';

/**
 * The parse sandbox's worker thread (ADR 094): reads one uploaded file at a time with the same readers
 * the routes used in-process. A zip (XLSX) is first unpacked once, counting, against the limits of what
 * the XLSX reader can take. Bundled as its own entry (`parse-worker.mjs`) beside the Lambda's index.mjs.
 */
const ZIP = [0x50, 0x4b, 0x03, 0x04];

async function run(task: ParseTask): Promise<ParseValue> {
  switch (task.kind) {
    case 'bom-file': {
      const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
      if (ZIP.every((b, i) => data[i] === b)) checkXlsxEntries(data);
      return readBomFile(data);
    }
    case 'bom-text':
      return readBomText(task.text);
    case 'csv-preview':
      return previewCsv(Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength));
  }
}

// On Linux a nice value is per thread, so this lowers only this reader's thread: when the CPU is short,
// the API's event loop goes first. (Elsewhere it may lower the process, or be refused: then it stays as is.)
try {
  setPriority(19);
} catch {
  // Not allowed here; the deadline still bounds the thread.
}

const port = parentPort;
if (!port) throw new Error('parse-worker runs in a worker thread');
port.on('message', (task: ParseTask) => {
  void run(task).then(
    (value) => port.postMessage({ ok: true, value } satisfies ParseReply),
    (err: unknown) =>
      port.postMessage(
        (err instanceof DomainError
          ? { ok: false, status: err.status, message: err.message, ...(err.issues ? { issues: err.issues } : {}) }
          : { ok: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) }) satisfies ParseReply,
      ),
  );
});
port.postMessage('ready');
