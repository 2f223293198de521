import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, type TableContext } from '../../../adapters/dynamodb/support';
import { mapLimit } from '../../../lib/map-limit';
import { TERM_CAPS, type DemandBatch, type PartIncrement, type StatsIncrement, type StoredTerm, type TermIncrement } from '../ports/demand';
import { RANK_WINDOWS } from '../demand-rules';
import { dayAttr, demandKeys, monthExpiry, rankItem, statusPk, termDayAttr, termExpiry, toStoredTerm } from './demand-items';

/** Updates in flight at once while a flush is written. */
const WRITE_CONCURRENCY = 8;

type Values = Record<string, unknown>;

/** Builds `ADD a :x, b :y` / `SET …` from name → value pairs with generated placeholders. */
function expression(add: Record<string, number>, set: Record<string, unknown>, setIfAbsent: Record<string, unknown> = {}) {
  const names: Record<string, string> = {};
  const values: Values = {};
  let i = 0;
  const ref = (name: string, value: unknown) => {
    const n = `#n${i}`;
    const v = `:v${i++}`;
    names[n] = name;
    values[v] = value;
    return [n, v] as const;
  };
  const adds = Object.entries(add).map(([name, value]) => ref(name, value).join(' '));
  const sets = [
    ...Object.entries(set).map(([name, value]) => ref(name, value).join(' = ')),
    ...Object.entries(setIfAbsent).map(([name, value]) => {
      const [n, v] = ref(name, value);
      return `${n} = if_not_exists(${n}, ${v})`;
    }),
  ];
  const parts = [adds.length ? `ADD ${adds.join(', ')}` : '', sets.length ? `SET ${sets.join(', ')}` : ''].filter(Boolean);
  return { UpdateExpression: parts.join(' '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** One month item's counters: ADD each day's attribute and the month's total; the TTL set once. */
async function addToMonth(ctx: TableContext, key: { pk: string; sk: string }, month: string, add: Record<string, number>, type: string) {
  await ctx.client.send(new UpdateCommand({ TableName: ctx.tableName, Key: key, ...expression(add, { type }, { expiresAt: monthExpiry(month) }) }));
}

/** The day attributes of the three months from 14 months before `day`: removed as the term is written. */
function expiredDayAttrs(day: string): string[] {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const out: string[] = [];
  for (let back = 14; back <= 16; back++) {
    const month = new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
    for (let d = 1; d <= 31; d++) out.push(termDayAttr(`${month}-${String(d).padStart(2, '0')}`));
  }
  return out;
}

/**
 * A term's flush: (1) the term item — ADD its lifetime count and each day's counter (`dYYYYMMDD`), SET its metadata
 * and its TTL (13 months after it was last seen), REMOVE the day counters of 14 to 16 months ago — answering the item
 * as written; then (2) from what (1) answered, the bounded sets (buyers, sessions, requests, display forms) without
 * re-reading, answering the item again; then (3) its ranking items, one per window (ADR 138), from what (2) answered.
 */
async function applyTerm(ctx: TableContext, t: TermIncrement): Promise<void> {
  const total = [...t.days.values()].reduce((a, b) => a + b, 0);
  const key = demandKeys.term(t.kind, t.key);
  const dayCounters = Object.fromEntries([...t.days].map(([day, n]) => [termDayAttr(day), n]));
  const main = expression(
    { count: total, ...dayCounters },
    {
      type: 'demand-term',
      kind: t.kind,
      key: t.key,
      lastSeen: t.lastAt,
      expiresAt: termExpiry(t.lastAt),
      ...(t.manufacturer ? { manufacturer: t.manufacturer } : {}),
      ...(t.description ? { description: t.description } : {}),
      ...(t.filters ? { filters: t.filters } : {}),
    },
    { firstSeen: t.firstAt, status: 'open', forms: {}, requests: [] },
  );
  const expired = expiredDayAttrs(t.lastAt.slice(0, 10));
  expired.forEach((name, i) => (main.ExpressionAttributeNames[`#x${i}`] = name));
  main.UpdateExpression += ` REMOVE ${expired.map((_, i) => `#x${i}`).join(', ')}`;
  const res = await ctx.client.send(new UpdateCommand({ TableName: ctx.tableName, Key: key, ...main, ReturnValues: 'ALL_NEW' }));
  let stored = toStoredTerm(res.Attributes ?? {});
  /** ADD clauses of the second update (the bounded sets). */
  const extra: string[] = [];
  const names: Record<string, string> = {};
  const values: Values = {};
  const buyers = [...t.buyers].filter((b) => !stored.buyers.includes(b)).slice(0, Math.max(0, TERM_CAPS.buyers - stored.buyers.length));
  if (buyers.length) [extra[extra.length], values[':buyers']] = ['buyers :buyers', new Set(buyers)];
  const sessions = [...t.sessions].filter((s) => !stored.sessions.includes(s)).slice(0, Math.max(0, TERM_CAPS.sessions - stored.sessions.length));
  if (sessions.length) [extra[extra.length], values[':sessions']] = ['sessions :sessions', new Set(sessions)];
  const sets: string[] = [];
  const requests = t.requests.filter((r) => !stored.requests.some((s) => s.id === r.id)).slice(0, Math.max(0, TERM_CAPS.requests - stored.requests.length));
  if (requests.length) [sets[sets.length], values[':requests']] = ['requests = list_append(requests, :requests)', requests];
  let f = 0;
  for (const [form, n] of t.forms) {
    if (!(form in stored.forms) && Object.keys(stored.forms).length + f >= TERM_CAPS.forms) continue;
    names[`#f${f}`] = form;
    values[`:f${f}`] = n;
    sets.push(`forms.#f${f} = if_not_exists(forms.#f${f}, :zero) + :f${f}`);
    f++;
  }
  if (f > 0) values[':zero'] = 0;
  const UpdateExpression = [extra.length ? `ADD ${extra.join(', ')}` : '', sets.length ? `SET ${sets.join(', ')}` : ''].filter(Boolean).join(' ');
  if (UpdateExpression) {
    const second = await ctx.client.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: key,
        UpdateExpression,
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    stored = toStoredTerm(second.Attributes ?? {});
  }
  await writeRanks(ctx, stored);
}

/**
 * The term's ranking items, one per window, as the term was answered (ADR 138): one transaction, unless a writer that
 * saw a higher lifetime count wrote them already or is writing them (counts only grow: the latest term wins). Their status (and gsi2pk)
 * are set on creation only; later, by `setStatus`.
 */
async function writeRanks(ctx: TableContext, term: StoredTerm): Promise<void> {
  const updates = RANK_WINDOWS.map((window) => {
    const update = expression({}, rankItem(term, window), { status: term.status, gsi2pk: statusPk(term.kind, term.status, window) });
    update.ExpressionAttributeNames['#c'] = 'count';
    update.ExpressionAttributeValues[':c'] = term.count;
    return {
      Update: {
        TableName: ctx.tableName,
        Key: demandKeys.rank(term.kind, term.key, window),
        ...update,
        ConditionExpression: 'attribute_not_exists(#c) OR #c <= :c',
      },
    };
  });
  await Promise.all(
    updates.map(async ({ Update }) => {
      try {
        await ctx.client.send(new UpdateCommand(Update));
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
      }
    }),
  );
}

async function applyStats(ctx: TableContext, s: StatsIncrement) {
  const add: Record<string, number> = {};
  const put = (name: string, n: number) => n > 0 && (add[name] = n);
  put(dayAttr(s.day, 's'), s.searches);
  put(dayAttr(s.day, 'z'), s.zeroResults);
  for (const [p, n] of s.impressions) put(`${dayAttr(s.day, 'i')}p${p}`, n);
  for (const [p, n] of s.clicks) put(`${dayAttr(s.day, 'c')}p${p}`, n);
  if (Object.keys(add).length) await addToMonth(ctx, demandKeys.stats(s.day.slice(0, 7)), s.day.slice(0, 7), add, 'demand-stats');
}

async function applyPart(ctx: TableContext, p: PartIncrement) {
  const add: Record<string, number> = {};
  if (p.views) add[dayAttr(p.day, 'v')] = p.views;
  if (p.requested) add[dayAttr(p.day, 'r')] = p.requested;
  await addToMonth(ctx, demandKeys.part(p.partId, p.day.slice(0, 7)), p.day.slice(0, 7), add, 'demand-part');
}

/** Writes one flush: every term, stats day and part counter, a few updates in flight. */
export async function applyBatch(ctx: TableContext, batch: DemandBatch): Promise<void> {
  const work: (() => Promise<void>)[] = [
    ...batch.terms.map((t) => () => applyTerm(ctx, t)),
    ...batch.stats.map((s) => () => applyStats(ctx, s)),
    ...batch.parts.map((p) => () => applyPart(ctx, p)),
  ];
  await mapLimit(work, WRITE_CONCURRENCY, (w) => w());
}
