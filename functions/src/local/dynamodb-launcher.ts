import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Our entry point around DynamoDB Local's: the same command line, but listening on 127.0.0.1 only. */
const SOURCE = fileURLToPath(new URL('./dynamodb-local-loopback.java', import.meta.url));
const CLASS = 'DynamoDbLocalLoopback';

/** How `java` runs the loopback entry point: a classpath to add to DynamoDB Local's jar and the main argument. */
export interface Launcher {
  classPath: string[];
  main: string;
}

const compiled = new Map<string, Promise<Launcher>>();

/**
 * The loopback entry point compiled once per source and jar into the temp directory, so each Java start
 * runs a class instead of compiling the source again (source-file mode: about 3 s of CPU per start,
 * ADR 145). The JRE's own compiler module does it (no JDK needed); where that fails, source-file mode.
 */
export function loopbackLauncher(jar: string): Promise<Launcher> {
  let launcher = compiled.get(jar);
  if (!launcher) {
    launcher = compile(jar);
    compiled.set(jar, launcher);
  }
  return launcher;
}

async function compile(jar: string): Promise<Launcher> {
  const hash = createHash('sha256').update(readFileSync(SOURCE)).update(jar).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `parts-dynamodb-loopback-${hash}`);
  const fromSource: Launcher = { classPath: [], main: SOURCE };
  if (existsSync(join(dir, `${CLASS}.class`))) return { classPath: [dir], main: CLASS };
  const staging = mkdtempSync(`${dir}-`);
  try {
    // javac wants a public class in a file of its name; source-file mode does not.
    const source = join(staging, `${CLASS}.java`);
    copyFileSync(SOURCE, source);
    await run('java', ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-cp', jar, '-d', staging, source]);
    // Another process may have finished first: its class is the same.
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  return existsSync(join(dir, `${CLASS}.class`)) ? { classPath: [dir], main: CLASS } : fromSource;
}
