import { demandPartKey, demandQueryKey, looksLikePartNumber } from '@parts/shared/demand-keys';
import type { DemandKind } from '@parts/shared/schemas';
import type { Logger } from '../../lib/logger';
import { dayOf } from './demand-rules';
import {
  TERM_CAPS,
  type DemandBatch,
  type DemandRecorder,
  type DemandRepository,
  type PartIncrement,
  type StatsIncrement,
  type TermIncrement,
} from './ports/demand';

/** Positions whose impressions and opens are counted (the click-through chart). */
export const CLICK_POSITIONS = 10;
const TEXT_MAX = 200;

export interface RecorderOptions {
  repository: Pick<DemandRepository, 'apply'>;
  logger: Logger;
  now?: () => Date;
  /** How long signals wait in the buffer before a flush (default 1 s). */
  flushAfterMs?: number;
  /** Flush at once when this many terms are buffered (default 500). */
  maxTerms?: number;
  /** false: record nothing (env DEMAND_RECORDING=off; docs/demand.md). Default true. */
  enabled?: boolean;
}

/** A recorder that records nothing (DEMAND_RECORDING=off). */
const OFF: DemandRecorder = {
  searched: () => undefined,
  resultOpened: () => undefined,
  bomUnmatched: () => undefined,
  requestSubmitted: () => undefined,
  partViewed: () => undefined,
  flush: async () => undefined,
};

const clip = (text: string | undefined): string | undefined => {
  const t = text?.replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, TEXT_MAX) : undefined;
};

/**
 * The in-process buffer (ADR 129): a signal is a few map updates on the request's turn of the event loop, never a
 * write the buyer waits for. Every `flushAfterMs` (or when the buffer is large) the buffer is swapped out and
 * written as one batch of ADD updates. A flush that fails is logged and dropped: signals are statistics, and a
 * retry loop must not grow memory. On Lambda a frozen instance flushes on its next invocation; an instance that
 * is shut down loses at most its last second.
 */
export function createDemandRecorder(options: RecorderOptions): DemandRecorder {
  if (options.enabled === false) return OFF;
  const now = options.now ?? (() => new Date());
  const flushAfterMs = options.flushAfterMs ?? 1000;
  const maxTerms = options.maxTerms ?? 500;
  let batch = emptyBatch();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  function emptyBatch() {
    return { terms: new Map<string, TermIncrement>(), stats: new Map<string, StatsIncrement>(), parts: new Map<string, PartIncrement>() };
  }

  function schedule() {
    if (batch.terms.size >= maxTerms) return void flush();
    if (timer) return;
    timer = setTimeout(() => void flush(), flushAfterMs);
    timer.unref?.();
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const current = batch;
    batch = emptyBatch();
    const out: DemandBatch = { terms: [...current.terms.values()], stats: [...current.stats.values()], parts: [...current.parts.values()] };
    if (out.terms.length + out.stats.length + out.parts.length === 0) return writing;
    writing = writing.then(() =>
      options.repository.apply(out).catch((err: unknown) => options.logger.error('demand.flush_failed', { error: String(err), terms: out.terms.length })),
    );
    return writing;
  }

  function term(kind: DemandKind, key: string, at: Date): TermIncrement {
    const id = `${kind}|${key}`;
    const iso = at.toISOString();
    let t = batch.terms.get(id);
    if (!t) {
      t = { kind, key, days: new Map(), firstAt: iso, lastAt: iso, forms: new Map(), buyers: new Set(), sessions: new Set(), requests: [] };
      batch.terms.set(id, t);
    }
    const day = dayOf(at);
    t.days.set(day, (t.days.get(day) ?? 0) + 1);
    t.lastAt = iso;
    return t;
  }

  function note(t: TermIncrement, form: string | undefined, extra: { manufacturer?: string; description?: string; session?: string; buyer?: string }) {
    if (form && (t.forms.has(form) || t.forms.size < TERM_CAPS.forms)) t.forms.set(form, (t.forms.get(form) ?? 0) + 1);
    if (extra.manufacturer) t.manufacturer = extra.manufacturer;
    if (extra.description) t.description = extra.description;
    if (extra.session && t.sessions.size < TERM_CAPS.sessions) t.sessions.add(extra.session);
    if (extra.buyer && t.buyers.size < TERM_CAPS.buyers) t.buyers.add(extra.buyer);
  }

  function stats(at: Date): StatsIncrement {
    const day = dayOf(at);
    let s = batch.stats.get(day);
    if (!s) batch.stats.set(day, (s = { day, searches: 0, zeroResults: 0, impressions: new Map(), clicks: new Map() }));
    return s;
  }

  function part(partId: number, at: Date): PartIncrement {
    const day = dayOf(at);
    const id = `${partId}|${day}`;
    let p = batch.parts.get(id);
    if (!p) batch.parts.set(id, (p = { partId, day, views: 0, requested: 0 }));
    return p;
  }

  /** A missing part number (BOM line, free-text line, part-number-like search): grouped by its key. */
  function missing(line: { partNumber?: string; manufacturer?: string; description?: string }, at: Date, extra: { session?: string; buyer?: string }) {
    const form = clip(line.partNumber);
    const key = form ? demandPartKey(form) : '';
    if (key === '') return undefined;
    const t = term('missing', key, at);
    note(t, form, { manufacturer: clip(line.manufacturer), description: clip(line.description), ...extra });
    return t;
  }

  return {
    searched({ q, filters, total, shown, session }) {
      const at = now();
      const s = stats(at);
      s.searches++;
      for (let p = 1; p <= Math.min(shown, CLICK_POSITIONS); p++) s.impressions.set(p, (s.impressions.get(p) ?? 0) + 1);
      const key = demandQueryKey(q);
      if (total > 0 || key === '') return schedule();
      s.zeroResults++;
      const t = term('query', key, at);
      note(t, clip(q), { session });
      if (filters && Object.keys(filters).length > 0) t.filters = JSON.stringify(filters).slice(0, 500);
      if (looksLikePartNumber(q)) missing({ partNumber: q }, at, { session });
      schedule();
    },
    resultOpened({ position }) {
      if (position < 1 || position > CLICK_POSITIONS) return;
      const s = stats(now());
      s.clicks.set(position, (s.clicks.get(position) ?? 0) + 1);
      schedule();
    },
    bomUnmatched(lines, session) {
      const at = now();
      for (const line of lines) missing(line, at, { session });
      schedule();
    },
    requestSubmitted({ id, number, buyer, freeText, partIds }) {
      const at = now();
      for (const line of freeText) {
        const t = missing(line, at, { buyer });
        if (t && !t.requests.some((r) => r.id === id)) t.requests.push({ id, number });
      }
      for (const partId of partIds) part(partId, at).requested++;
      schedule();
    },
    partViewed(partId) {
      part(partId, now()).views++;
      schedule();
    },
    flush,
  };
}
