import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freePort, hasExited, isPortFree, spawnWatched, stopChild, waitFor } from './aws-local';

/**
 * MailDev, the local SMTP catcher with a web inbox (npm package, no download at run time), bound to
 * 127.0.0.1. It runs as a child process: its programmatic API installs SIGINT/SIGTERM handlers that
 * exit the whole process, which would cut npm start's own orderly shutdown short.
 */
export interface MailCatcher {
  smtpUrl: string;
  /** The web inbox. */
  webUrl: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export const DEFAULT_CATCHER_PORTS = { smtp: 1025, web: 1080 };

/** The given port; else the usual one when free, or any free one (so two checkouts never collide). */
async function choosePort(explicit: number | undefined, usual: number): Promise<number> {
  if (explicit !== undefined && explicit !== 0) return explicit;
  if (explicit === undefined && (await isPortFree(usual))) return usual;
  return freePort();
}

export async function startMailCatcher(options: { directory: string; smtpPort?: number; webPort?: number }): Promise<MailCatcher> {
  mkdirSync(options.directory, { recursive: true });
  const smtp = await choosePort(options.smtpPort, DEFAULT_CATCHER_PORTS.smtp);
  const web = await choosePort(options.webPort, DEFAULT_CATCHER_PORTS.web);
  const bin = createRequire(import.meta.url).resolve('maildev/bin/maildev');
  const args = [
    bin,
    '--smtp',
    String(smtp),
    '--web',
    String(web),
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
    '--mail-directory',
    options.directory,
    '--silent',
  ];
  const { child, watchdog } = spawnWatched(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => {
    watchdog.kill('SIGKILL');
    child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const webUrl = `http://127.0.0.1:${web}`;
  try {
    await waitFor(
      async () => {
        if (hasExited(child)) throw new Error(`MailDev exited (${child.exitCode ?? child.signalCode}): ${output.slice(-2000)}`);
        const res = await fetch(`${webUrl}/healthz`).catch(() => undefined);
        return res?.ok === true;
      },
      30_000,
      'MailDev did not start',
    );
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { smtpUrl: `smtp://127.0.0.1:${smtp}`, webUrl, pid: child.pid, stop: () => stopChild(child) };
}

/** A mail as MailDev's REST API lists it (GET /email). */
export interface CaughtMail {
  id: string;
  subject: string;
  text?: string;
  to: { address: string }[];
  from: { address: string; name?: string }[];
}

export async function listCaughtMail(webUrl: string): Promise<CaughtMail[]> {
  const res = await fetch(`${webUrl}/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}
