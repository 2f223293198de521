import { existsSync, readFileSync } from 'node:fs';

/** Alive and not a zombie (a container's init may never reap an orphan, and kill(pid, 0) succeeds on zombies). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  try {
    return readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}
