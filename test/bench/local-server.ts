import type { ChildProcess } from 'node:child_process';

/**
 * Waits until the local server started by a bench answers GET /api/health with status "ok" (listening and its
 * search index checked), failing at once when the server process has exited.
 */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok && ((await response.json()) as { status?: string }).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become healthy in time');
}
