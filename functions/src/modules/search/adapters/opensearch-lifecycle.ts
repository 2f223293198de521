import type { SearchIndex } from '../ports/search-index';
import type { SearchClient } from './opensearch-apis';
import type { indexBody } from './opensearch-queries';

/** from + size stays inside OpenSearch's default max_result_window; deeper pages walk with search_after. */
export const RESULT_WINDOW = 10_000;

/**
 * Slow-log thresholds (dynamic index settings, set on every index this adapter creates): the domain publishes
 * what crosses them to CloudWatch Logs (infra search.ts). A listing answers in tens of milliseconds (docs/search.md).
 */
export const SLOW_LOG_SETTINGS = {
  'index.search.slowlog.threshold.query.warn': '2s',
  'index.search.slowlog.threshold.query.info': '500ms',
  'index.search.slowlog.threshold.fetch.warn': '1s',
  'index.search.slowlog.threshold.fetch.info': '200ms',
  'index.indexing.slowlog.threshold.index.warn': '2s',
  'index.indexing.slowlog.threshold.index.info': '500ms',
} as const;

/**
 * The concrete index behind the alias `index` (ADR 107): `<index>-<UTC time to the millisecond>`. Readers and
 * writers use the alias; a rebuild fills a new concrete index and moves the alias in one step.
 */
export const concreteIndexName = (index: string, at: Date) => `${index}-${at.toISOString().replace(/[-:.]/g, '').toLowerCase()}`;

/**
 * The OpenSearch index's life: created behind its alias on first use, its analysis and mapping brought up to
 * date before a writer's first write, rebuilt into a new concrete index (ADR 107). `open(name)` is the adapter
 * over a concrete index (a rebuild's target, a version listing).
 */
export function createIndexLifecycle(options: {
  client: SearchClient;
  index: string;
  body: ReturnType<typeof indexBody>;
  replicas?: number;
  now: () => Date;
  concrete?: boolean;
  open: (concreteName: string) => SearchIndex;
}) {
  const { client, index, body, now } = options;
  // The domain's shape decides (infra: 0 on one node, 1 on two); the engine's default (1) otherwise.
  const createBody = {
    ...body,
    settings: { ...body.settings, ...SLOW_LOG_SETTINGS, ...(options.replicas === undefined ? {} : { 'index.number_of_replicas': options.replicas }) },
  };
  let ready: Promise<boolean> | undefined;
  let mapped: Promise<void> | undefined;

  /** Creates a concrete index behind the alias when neither exists; resolves true when this call created it. */
  async function createIfMissing(): Promise<boolean> {
    const exists = await client.indices.exists({ index });
    if (exists.body || options.concrete) return false;
    try {
      // One fixed name, so two containers creating it at once end with one index (the other gets resource_already_exists).
      await client.indices.create({ index: `${index}-initial`, body: { ...createBody, aliases: { [index]: {} } } as never });
      return true;
    } catch (err) {
      if (!String((err as { message?: string }).message).includes('resource_already_exists')) throw err;
      return false;
    }
  }

  /**
   * The concrete indices behind `index`: those of the alias, or `index` itself when an index of that name exists (a
   * domain indexed before ADR 107: the first rebuild replaces it with an alias), or none.
   */
  async function liveIndices(): Promise<{ names: string[]; unaliased: boolean }> {
    if (!(await client.indices.exists({ index })).body) return { names: [], unaliased: false };
    const aliased = await client.indices.existsAlias({ name: index });
    if (!aliased.body) return { names: [index], unaliased: true };
    const res = await client.indices.getAlias({ name: index });
    return { names: Object.keys(res.body as object), unaliased: false };
  }

  /** Ids and versions of every document of a concrete index, ascending by id. */
  async function allVersions(name: string): Promise<Map<number, number>> {
    const reader = options.open(name);
    const out = new Map<number, number>();
    for (let after = 0; ;) {
      const page = await reader.listVersions(after, RESULT_WINDOW);
      for (const d of page) out.set(d.id, d.version);
      if (page.length < RESULT_WINDOW) return out;
      after = page[page.length - 1]!.id;
    }
  }

  /** Documents that differ between two concrete indices, with the version the second holds (0: absent there). */
  async function differences(before: string[], after: string): Promise<{ id: number; version: number }[]> {
    if (before.length === 0) return [];
    await client.indices.refresh({ index: [...before, after].join(',') });
    const old = new Map<number, number>();
    for (const name of before) for (const [id, v] of await allVersions(name)) old.set(id, Math.max(v, old.get(id) ?? 0));
    const fresh = await allVersions(after);
    const out: { id: number; version: number }[] = [];
    for (const [id, v] of old) if (fresh.get(id) !== v) out.push({ id, version: fresh.get(id) ?? 0 });
    for (const [id, v] of fresh) if (!old.has(id)) out.push({ id, version: v });
    return out.sort((a, b) => a.id - b.id);
  }

  async function rebuild<T>(fill: (target: SearchIndex) => Promise<T>): Promise<{ result: T; differing: { id: number; version: number }[] }> {
    const live = await liveIndices();
    const next = concreteIndexName(index, now());
    await client.indices.create({ index: next, body: createBody as never });
    let result: T;
    try {
      result = await fill(options.open(next));
    } catch (err) {
      // The live index is untouched; the half-filled one goes.
      await client.indices.delete({ index: next, ignore_unavailable: true });
      throw err;
    }
    // An unaliased index must go in the same step as the alias takes its name, so compare before; otherwise after
    // the swap, when no write reaches the old index any more.
    const early = live.unaliased ? await differences(live.names, next) : undefined;
    await client.indices.updateAliases({
      body: {
        actions: [
          { add: { index: next, alias: index } },
          ...(live.unaliased ? [{ remove_index: { index } }] : live.names.map((name) => ({ remove: { index: name, alias: index } }))),
        ],
      } as never,
    });
    forget();
    const differing = early ?? (await differences(live.names, next));
    if (!live.unaliased && live.names.length > 0) await client.indices.delete({ index: live.names.join(',') });
    return { result, differing };
  }

  /**
   * Writers bring an older index up to date before their first write; readers never pay for it. New
   * analyzers or a changed synonym list need the index closed for a moment (analysis settings are
   * static); new fields are added to the strict mapping. Documents written before a new field existed
   * gain it on the next reindex.
   */
  async function syncMapping(): Promise<void> {
    if (await ensure()) return;
    const res = await client.indices.getSettings({ index });
    const current = Object.values(res.body as unknown as Record<string, { settings?: { index?: { analysis?: unknown } } }>)[0]?.settings?.index?.analysis;
    if (analysisDiffers(current, body.settings.analysis)) {
      await client.indices.close({ index });
      try {
        await client.indices.putSettings({ index, body: { analysis: body.settings.analysis } as never });
      } finally {
        await client.indices.open({ index });
      }
    }
    await client.indices.putMapping({ index, body: { properties: body.mappings.properties } as never });
  }
  const ensure = () => (ready ??= createIfMissing().catch((err: unknown) => ((ready = undefined), Promise.reject(err))));
  const ensureMapping = () => (mapped ??= syncMapping().catch((err: unknown) => ((mapped = undefined), Promise.reject(err))));
  /** The index may have changed under the alias: check (and create) again on next use. */
  function forget() {
    ready = undefined;
    mapped = undefined;
  }

  return {
    /** Before a read: the index exists (created behind its alias when missing); true when this call created it. */
    ensure,
    /** Before a write: the index's analysis and mapping are this version's. */
    ensureMapping,
    rebuild,
    /** Drops every concrete index behind the alias and creates an empty one. */
    async clear() {
      const { names } = await liveIndices();
      if (names.length > 0) await client.indices.delete({ index: names.join(','), ignore_unavailable: true });
      forget();
      await ensure();
    },
  };
}

/** Whether the index's analysis settings lack an analyzer, filter or normalizer of this version, or differ in one (a changed synonym list). */
export function analysisDiffers(current: unknown, wanted: Record<string, Record<string, unknown>>): boolean {
  const have = (current ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const [kind, entries] of Object.entries(wanted)) {
    for (const [name, definition] of Object.entries(entries)) {
      if (!sameSetting(have[kind]?.[name], definition)) return true;
    }
  }
  return false;
}

/** OpenSearch returns settings as strings ("3", "true") and arrays as given: compare loosely. */
function sameSetting(have: unknown, want: unknown): boolean {
  if (Array.isArray(want)) return Array.isArray(have) && have.length === want.length && want.every((w, i) => sameSetting(have[i], w));
  if (want !== null && typeof want === 'object') {
    if (have === null || typeof have !== 'object') return false;
    return Object.entries(want).every(([k, v]) => sameSetting((have as Record<string, unknown>)[k], v));
  }
  return have !== undefined && String(have) === String(want);
}
