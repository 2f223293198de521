import type { ImportJob } from '@parts/shared/schemas';

export interface ImportPace {
  rowsPerSecond: number;
  /** Null once every expected row is in (the estimate came from the file's line count). */
  secondsLeft: number | null;
}

/**
 * How fast a running import goes and how long it still needs, from the job's own timestamps (created,
 * last progress write) and the rows processed: no clock of the browser's, so a tab that slept or a
 * skewed clock cannot distort it. Null until the first batch is in.
 */
export function importPace(job: Pick<ImportJob, 'rowsDone' | 'rowsFailed' | 'createdAt' | 'updatedAt'>, estimatedRows: number): ImportPace | null {
  const processed = job.rowsDone + job.rowsFailed;
  const seconds = (Date.parse(job.updatedAt ?? '') - Date.parse(job.createdAt)) / 1000;
  if (processed <= 0 || !Number.isFinite(seconds) || seconds <= 0) return null;
  const rowsPerSecond = processed / seconds;
  const left = estimatedRows - processed;
  return { rowsPerSecond, secondsLeft: left > 0 ? left / rowsPerSecond : null };
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "1,250 rows/s · about 3 min left" */
export function formatImportPace(pace: ImportPace): string {
  const rate = `${whole.format(Math.max(1, pace.rowsPerSecond))} rows/s`;
  if (pace.secondsLeft === null) return `${rate} · finishing`;
  return `${rate} · ${formatTimeLeft(pace.secondsLeft)}`;
}

function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}
