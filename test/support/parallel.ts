import { spawn } from 'node:child_process';

/**
 * Runs npm scripts at the same time and prints each one's output, whole, when it ends (never
 * interleaved); exits 1 if any of them failed. `npm run check` runs the typecheck and the lint this way:
 * both are single-threaded, and this machine has two cores (docs/testing.md).
 *
 *   tsx test/support/parallel.ts typecheck lint
 */
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx test/support/parallel.ts <npm script> [<npm script> ...]');
  process.exit(2);
}

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<{ script: string; code: number | null; output: string }>((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '--silent', script], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
        });
        let output = '';
        child.stdout.on('data', (d) => (output += String(d)));
        child.stderr.on('data', (d) => (output += String(d)));
        child.once('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> ${script} (${code === 0 ? 'passed' : `failed, exit ${code}`}, ${seconds} s)\n${output}`);
          resolve({ script, code, output });
        });
      }),
  ),
);

const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
