import { describe, expect, it } from 'vitest';
import { formatImportPace, importPace } from './import-pace';

const job = (rowsDone: number, rowsFailed: number, secondsRunning: number | null) => ({
  rowsDone,
  rowsFailed,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: secondsRunning === null ? undefined : new Date(Date.parse('2026-11-23T10:00:00.000Z') + secondsRunning * 1000).toISOString(),
});

describe('importPace', () => {
  it('is unknown until the first batch is in', () => {
    expect(importPace(job(0, 0, 5), 1000)).toBeNull();
    expect(importPace(job(100, 0, null), 1000)).toBeNull();
    expect(importPace(job(100, 0, 0), 1000)).toBeNull();
  });

  it('counts failed rows as processed and estimates the time left from the rate so far', () => {
    const pace = importPace(job(4_500, 500, 10), 100_000)!;
    expect(pace.rowsPerSecond).toBe(500);
    expect(pace.secondsLeft).toBe(190);
    expect(formatImportPace(pace)).toBe('500 rows/s · about 3 min left');
  });

  it('reads as people say it: under a minute, minutes, hours', () => {
    expect(formatImportPace({ rowsPerSecond: 1250.4, secondsLeft: 42 })).toBe('1,250 rows/s · less than a minute left');
    expect(formatImportPace({ rowsPerSecond: 95, secondsLeft: 3 * 3600 + 20 * 60 })).toBe('95 rows/s · about 3 h 20 min left');
    expect(formatImportPace({ rowsPerSecond: 95, secondsLeft: 2 * 3600 })).toBe('95 rows/s · about 2 h left');
    expect(formatImportPace({ rowsPerSecond: 0.2, secondsLeft: 600 })).toBe('1 rows/s · about 10 min left');
  });

  it('says "finishing" once more rows than the estimate are in', () => {
    expect(formatImportPace(importPace(job(1200, 0, 4), 1000)!)).toBe('300 rows/s · finishing');
  });
});
