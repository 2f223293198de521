import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/errors';
import {
  compareRows,
  daysBetween,
  decodeCursor,
  displayOf,
  encodeCursor,
  monthsBetween,
  resolvePeriod,
  toDemandRow,
  packDays,
  rankBucket,
  rankBuckets,
  rankWindowFor,
  summaryOf,
  unpackDays,
  windowCount,
} from './demand-rules';
import { createDemandRecorder } from './demand-recorder';
import { rankSk } from './adapters/demand-items';
import type { DemandBatch, StoredTerm } from './ports/demand';
import { silentLogger } from '../../lib/logger';

const term = (over: Partial<StoredTerm> = {}): StoredTerm => ({
  kind: 'missing',
  key: 'CR600',
  count: 3,
  days: new Map(),
  firstSeen: '2026-11-01T10:00:00.000Z',
  lastSeen: '2026-11-03T10:00:00.000Z',
  forms: {},
  buyers: [],
  sessions: [],
  requests: [],
  status: 'open',
  ...over,
});

describe('periods', () => {
  it('defaults to the 30 days up to today and refuses impossible or too long periods', () => {
    expect(resolvePeriod(undefined, undefined, '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(() => resolvePeriod('2026-02-30', undefined, '2026-11-26')).toThrow(ValidationError);
    expect(() => resolvePeriod('2026-11-27', '2026-11-26', '2026-11-26')).toThrow('from must not be after to');
    expect(() => resolvePeriod('2025-01-01', '2026-11-26', '2026-11-26')).toThrow('A period covers at most 400 days');
  });

  it('lists the days and the months a period touches', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(monthsBetween('2025-11-27', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('the ranking key', () => {
  it('is the count over the 366 days ending on the last write, leaving older days out', () => {
    const days = new Map([
      ['2025-11-25', 50], // 366 days before the last write: outside
      ['2025-11-26', 2], // the window's first day
      ['2026-06-01', 3],
      ['2026-11-26', 1], // the last write
    ]);
    expect(windowCount(days, '2026-11-26')).toBe(6);
    expect(windowCount(days, '2026-11-25')).toBe(55);
    expect(windowCount(new Map(), '2026-11-26')).toBe(0);
  });

  it('is the count over a shorter window too: the 90 days ending on the last write', () => {
    const days = new Map([
      ['2026-08-28', 40], // 91 days before the last write: outside the 90-day window
      ['2026-08-29', 2], // the 90-day window's first day
      ['2026-11-26', 1],
    ]);
    expect(windowCount(days, '2026-11-26', 90)).toBe(3);
    expect(windowCount(days, '2026-11-26', 7)).toBe(1);
    expect(windowCount(days, '2026-11-26')).toBe(43);
  });

  it('walks a period by the smallest window that bounds it: 7, 30, 90 or 366 days, none for an older start', () => {
    const today = '2026-11-26';
    expect(rankWindowFor('2026-11-20', today)).toBe(7);
    expect(rankWindowFor('2026-11-19', today)).toBe(30);
    expect(rankWindowFor('2026-10-28', today)).toBe(30);
    expect(rankWindowFor('2026-08-29', today)).toBe(90);
    expect(rankWindowFor('2026-08-28', today)).toBe(366);
    expect(rankWindowFor('2025-11-26', today)).toBe(366);
    expect(rankWindowFor('2025-11-25', today)).toBeUndefined();
  });

  it("packs a window's day counters into one string and reads them back", () => {
    const days = new Map([
      ['2026-11-18', 9], // before the 7-day window
      ['2026-11-20', 3],
      ['2026-11-22', 1],
      ['2026-11-24', 0],
    ]);
    expect(packDays(days, '2026-11-26', 7)).toBe('2026-11-20:3,,1');
    expect([...unpackDays('2026-11-20:3,,1')]).toEqual([
      ['2026-11-20', 3],
      ['2026-11-22', 1],
    ]);
    expect(packDays(new Map(), '2026-11-26', 7)).toBe('2026-11-20:');
    expect(unpackDays('2026-11-20:').size).toBe(0);
    expect(unpackDays(undefined).size).toBe(0);
  });

  it('files a term by the bucket of its last write: a period of at most a window reads two buckets at most, newest first', () => {
    // 2026-11-19 is day 20,776 since 1970-01-01, the first of the 7-day bucket 2,968 (to 2026-11-25).
    expect(rankBucket('2026-11-18', 7)).toBe(2967);
    expect(rankBucket('2026-11-19', 7)).toBe(2968);
    expect(rankBucket('2026-11-25', 7)).toBe(2968);
    expect(rankBucket('2026-11-26', 7)).toBe(2969);
    expect(rankBuckets('2026-11-20', '2026-11-26', 7)).toEqual([2969, 2968]);
    expect(rankBuckets('2026-11-19', '2026-11-25', 7)).toEqual([2968]);
    expect(rankBuckets('2026-08-29', '2026-11-26', 90)).toEqual([rankBucket('2026-11-26', 90), rankBucket('2026-08-29', 90)]);
    // The widest window is one bucket: a year's listing reads one walk.
    expect(rankBuckets('2025-11-26', '2026-11-26', 366)).toEqual([0]);
    // The key of an item sorts by its bucket first, so one bucket's terms are one range of a GSI partition.
    expect(rankSk(2915, 12, 'CR600')).toBe('002915#000000000012#CR600');
  });

  it('bounds periods starting at most 365 days before today, not earlier ones', () => {
    expect(rankWindowFor('2025-11-26', '2026-11-26')).toBe(366);
    expect(rankWindowFor('2026-11-26', '2026-11-26')).toBe(7);
    expect(rankWindowFor('2025-11-25', '2026-11-26')).toBeUndefined();
  });
});

describe('rows', () => {
  it('shows the form seen most often, and the key when none was kept', () => {
    expect(displayOf(term({ forms: { 'cr-600': 1, 'CR 600': 4, CR600: 2 } }))).toBe('CR 600');
    expect(displayOf(term())).toBe('CR600');
  });

  it('has one trend entry per day, oldest first, and caps the sets it counts', () => {
    const days = daysBetween('2026-11-01', '2026-11-03');
    const row = toDemandRow(summaryOf(term({ buyers: Array.from({ length: 250 }, (_, i) => `b${i}`) })), new Map([['2026-11-03', 2]]), days);
    expect(row).toMatchObject({ count: 2, trend: [0, 0, 2], buyers: 200, partId: null, statusBy: null });
  });

  it('sorts by the chosen column, ties by count then key', () => {
    const a = toDemandRow(summaryOf(term({ key: 'A', buyers: ['1'] })), undefined, [], 5);
    const b = toDemandRow(summaryOf(term({ key: 'B', buyers: ['1', '2'] })), undefined, [], 3);
    const c = toDemandRow(summaryOf(term({ key: 'C', buyers: ['1'] })), undefined, [], 5);
    expect([b, c, a].sort(compareRows('count', 'desc')).map((r) => r.key)).toEqual(['A', 'C', 'B']);
    expect([a, b, c].sort(compareRows('buyers', 'desc')).map((r) => r.key)).toEqual(['B', 'A', 'C']);
    expect([a, b, c].sort(compareRows('count', 'asc')).map((r) => r.key)).toEqual(['B', 'A', 'C']);
  });

  it("takes back its own listing's cursor and refuses another's", () => {
    expect(decodeCursor(encodeCursor(50, 'missing|x'), 'missing|x')).toBe(50);
    expect(decodeCursor(undefined, 'missing|x')).toBe(0);
    expect(() => decodeCursor(encodeCursor(50, 'query|x'), 'missing|x')).toThrow(ValidationError);
    expect(() => decodeCursor('garbage', 'missing|x')).toThrow(ValidationError);
  });
});

describe('the recorder groups signals before writing', () => {
  it('records nothing when turned off (DEMAND_RECORDING=off)', async () => {
    const batches: DemandBatch[] = [];
    const recorder = createDemandRecorder({ repository: { apply: async (b) => void batches.push(b) }, logger: silentLogger, enabled: false });
    recorder.searched({ q: 'CR600', total: 0, shown: 0 });
    recorder.partViewed(3);
    await recorder.flush();
    expect(batches).toEqual([]);
  });

  it('merges spellings of one part number into one term per flush, and writes nothing when idle', async () => {
    const batches: DemandBatch[] = [];
    const recorder = createDemandRecorder({
      repository: { apply: async (b) => void batches.push(b) },
      logger: silentLogger,
      now: () => new Date('2026-11-26T12:00:00Z'),
      flushAfterMs: 3_600_000,
    });
    for (const q of ['CR600', 'cr-600', 'CR 600']) recorder.searched({ q, total: 0, shown: 0 });
    recorder.searched({ q: 'valve', total: 12, shown: 10 });
    recorder.bomUnmatched([{ partNumber: 'cr_600', manufacturer: 'Omron' }, { description: 'no part number' }]);
    recorder.requestSubmitted({ id: '7', number: '7', buyer: '42', freeText: [{ partNumber: 'CR/600' }], partIds: [3, 3] });
    await recorder.flush();
    await recorder.flush();
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    const missing = batch!.terms.filter((t) => t.kind === 'missing');
    expect(missing.map((t) => [t.key, t.days.get('2026-11-26')])).toEqual([['CR600', 5]]);
    expect(missing[0]).toMatchObject({ manufacturer: 'Omron', requests: [{ id: '7', number: '7' }] });
    expect([...missing[0]!.buyers]).toEqual(['42']);
    expect(batch!.terms.filter((t) => t.kind === 'query').map((t) => t.key)).toEqual(['cr600', 'cr-600', 'cr 600']);
    expect(batch!.stats).toEqual([
      { day: '2026-11-26', searches: 4, zeroResults: 3, impressions: new Map(Array.from({ length: 10 }, (_, i) => [i + 1, 1])), clicks: new Map() },
    ]);
    expect(batch!.parts).toEqual([{ partId: 3, day: '2026-11-26', views: 0, requested: 2 }]);
  });
});
