/**
 * The hostile side of `npm run bench:load`'s "hostile uploads + normal traffic" mix, in a process of its own
 * (started under `nice -n 19` by the bench, so its start-up and file building also yield): builds the hostile files,
 * prints "ready", and then UPLOADERS clients post them to /api/bom/parse back to back while it is running.
 * SIGUSR1 starts (or resumes) the uploads, SIGUSR2 pauses them (each client finishes the upload it is in),
 * SIGTERM ends the process after printing the answers by status as JSON.
 * Usage: tsx hostile-uploader.ts <baseUrl> <uploaders>
 */
import { setPriority } from 'node:os';
import { buildXlsx } from '../../functions/test/support/xlsx-fixture';

const [baseUrl, uploaders = '8'] = process.argv.slice(2);
if (!baseUrl) throw new Error('usage: hostile-uploader.ts <baseUrl> <uploaders>');

/** The hostile files, each built once. */
function hostileFiles(): { name: string; data: Buffer }[] {
  const rows = Array.from({ length: 40_000 }, (_, i) => [`HOSTILE-${i}`, i, `Part number ${i} with a long description`]);
  return [
    { name: 'bomb.xlsx', data: buildXlsx([['Part Number'], ['x'.repeat(20 * 1024 * 1024)]]) },
    { name: 'media.xlsx', data: buildXlsx([['Part Number'], ['X-1']], { 'xl/media/image1.png': new Uint8Array(5 * 1024 * 1024) }) },
    { name: 'rows.xlsx', data: buildXlsx(rows) },
    { name: 'line.csv', data: Buffer.from(`Part Number\n${'y'.repeat(4 * 1024 * 1024)}\n`) },
    { name: 'broken.xlsx', data: buildXlsx([['Part Number'], ['X-1']]).subarray(0, 300) },
  ];
}

// An attacker's CPU is on another machine: on this one the sending yields to the server and the measuring client.
try {
  setPriority(19);
} catch {
  // Already lowered by `nice`, or not allowed.
}
const files = hostileFiles();
const answers: Record<string, number> = {};
let running = false;
let done = false;
let next = 0;
let resume: (() => void)[] = [];
const wakeAll = () => {
  for (const wake of resume) wake();
  resume = [];
};
process.on('SIGUSR1', () => {
  running = true;
  wakeAll();
});
process.on('SIGUSR2', () => (running = false));
process.once('SIGTERM', () => {
  done = true;
  wakeAll();
});

const uploader = async () => {
  for (;;) {
    if (!running && !done) await new Promise<void>((wake) => resume.push(wake));
    if (done) return;
    const file = files[next++ % files.length]!;
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(file.data)]), file.name);
    const status = await fetch(`${baseUrl}/api/bom/parse`, { method: 'POST', body }).then(
      async (res) => {
        await res.arrayBuffer();
        return String(res.status);
      },
      () => 'error',
    );
    answers[status] = (answers[status] ?? 0) + 1;
  }
};

// The bench holds this process's stdin open: when the bench ends in any way, so does this process.
process.stdin.once('end', () => process.exit(0));
process.stdin.resume();
process.stdout.write('ready\n');
await Promise.all(Array.from({ length: Number(uploaders) }, uploader));
process.stdout.write(`${JSON.stringify(answers)}\n`, () => process.exit(0));
