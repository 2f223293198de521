import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@parts/functions/local/aws-local';
import { isAlive } from './processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs a process that spawns a long-lived child with `spawnWatched`, prints the child's pid and kills itself
 * outright (SIGKILL: no exit hooks) `delay` after the spawn; resolves with the child's pid.
 */
function spawnThenDie(delay: 'same tick' | 'next tick'): Promise<number> {
  const script = `
    import { spawnWatched } from './functions/src/local/aws-local.ts';
    const { child } = spawnWatched(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    process.stdout.write(child.pid + '\\n');
    const die = () => process.kill(process.pid, 'SIGKILL');
    ${delay === 'same tick' ? 'die();' : 'setImmediate(die);'}
  `;
  return new Promise((resolve, reject) => {
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    parent.stdout.on('data', (d: Buffer) => (out += d.toString()));
    parent.stderr.on('data', (d: Buffer) => (err += d.toString()));
    parent.once('error', reject);
    parent.once('close', (code, signal) => {
      const pid = Number(out.trim());
      if (signal === 'SIGKILL' && pid > 0) resolve(pid);
      else reject(new Error(`the parent ended with ${signal ?? code} and printed ${JSON.stringify(out)}: ${err}`));
    });
  });
}

describe('a child spawned under the watchdog (DynamoDB Local, the mail catcher)', () => {
  for (const delay of ['same tick', 'next tick'] as const) {
    it(`is killed when its parent is killed outright in the ${delay} after the spawn`, { timeout: 30_000 }, async () => {
      const childPid = await spawnThenDie(delay);
      try {
        await waitFor(async () => !isAlive(childPid), 10_000, 'the child outlived its parent').catch(() => undefined);
        expect(isAlive(childPid), `child ${childPid} is still running after its parent was killed`).toBe(false);
      } finally {
        if (isAlive(childPid)) process.kill(childPid, 'SIGKILL');
      }
    });
  }
});
