import { Hono, type Context } from 'hono';
import pLimit from 'p-limit';
import { applySavedMapping, guessBomColumns } from '@parts/shared/bom-columns';
import { MAX_BOM_FILE_BYTES, bomMatchRequestSchema, bomPasteSchema, savedBomMappingSchema, type BomMatchResponse, type BomSheet } from '@parts/shared/bom';
import type { AppDeps } from '../../../app';
import type { UserRepository } from '../../accounts';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { limitBody, mediaType, requireJson, UnsupportedMediaTypeError } from '../../../http/body';
import { currentUser, requireUser } from '../../../http/session';
import { clientAddress } from '../../../http/client-address';
import { readMultipart } from '../../../http/multipart';
import { parseOrThrow, readJson } from '../../../http/parse';
import { DomainError, UnavailableError, ValidationError } from '../../../domain/errors';
import { BOM_FILE_TOO_LARGE, type BomTable } from '../bom-reader';
import { parseSandbox } from '../../../lib/parse-sandbox';
import { createRateLimits } from '../../../services/rate-limiter';
import { createBomService } from '../bom-service';
import { demandSessionOf, type DemandRecorder } from '../../demand';

export const BOM_FILE_REQUIRED = 'Choose a CSV, TSV or XLSX file';
/** A 2,000-line match request with every field at its limit is about 1.4 MB of JSON. */
const MAX_MATCH_BODY_BYTES = 1_536 * 1024;
/**
 * Lists matched at once per API instance, and lists waiting (issue 26). Matching runs on the event loop
 * in slices (yieldingMatchSource); with many lists at once each turn of the loop would still run a slice
 * of every one, so other requests would wait that much longer per turn. Beyond the queue: 503 at once.
 */
export const MATCH_GATE = { concurrency: 2, queue: 64 };
export const MATCH_BUSY = 'The server is busy matching other lists. Try again in a moment.';

/**
 * A buyer's parts list: read a file or pasted text into rows with a guessed column mapping, match the
 * confirmed lines against the catalogue, and remember a signed-in buyer's mapping. See docs/bom.md.
 */
/** What the list routes need (the benchmark serves them alone). */
export type BomDeps = Pick<AppDeps, 'env' | 'search' | 'now' | 'rateLimits' | 'logger'> & {
  users: Pick<UserRepository, 'getBomMapping' | 'saveBomMapping'>;
  demandRecorder?: DemandRecorder;
};

export function bomRoutes(deps: BomDeps) {
  // Reading and matching lists is open to guests (an account is needed only to submit): limited per address,
  // and per account when signed in, in the API's one limiter (services/rate-limiter.ts, policy `bom`).
  const service = createBomService(deps);
  const limits = createRateLimits({ store: deps.rateLimits, now: deps.now ?? (() => new Date()), env: deps.env, logger: deps.logger });
  const matching = pLimit(MATCH_GATE.concurrency);
  const gated = <T>(work: () => Promise<T>): Promise<T> =>
    matching.activeCount + matching.pendingCount >= MATCH_GATE.concurrency + MATCH_GATE.queue
      ? Promise.reject(new UnavailableError(MATCH_BUSY, 1))
      : matching(work);
  const addressOptions = { trustCloudFrontViewerAddress: deps.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS };
  const limited = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    await limits.enforce('bom', { accountId: c.get('user')?.id, address: clientAddress(c, addressOptions) });
    await next();
  };

  /** The rows with the signed-in buyer's remembered mapping when it fits these headers, else the guess. */
  async function sheetOf(c: Context<AppEnv>, table: BomTable): Promise<BomSheet> {
    const guess = guessBomColumns(table.rows);
    const base = { rows: table.rows, headerRow: guess.headerRow, format: table.format, ...(table.sheet ? { sheet: table.sheet } : {}) };
    const user = c.get('user');
    if (guess.headerRow !== null && user) {
      const saved = await service.savedMapping(user.username);
      const remembered = saved ? applySavedMapping(table.rows[guess.headerRow]!, saved) : undefined;
      if (remembered) return { ...base, mapping: remembered, mappingSource: 'remembered' };
    }
    return { ...base, mapping: guess.mapping, mappingSource: 'guessed' };
  }

  return new Hono<AppEnv>()
    .post('/parse', limited, limitBody(MAX_BOM_FILE_BYTES + 64 * 1024), async (c) => {
      const type = mediaType(c.req.header('content-type'));
      let table: BomTable;
      if (type === 'multipart/form-data') {
        const body = await readMultipart(c.req.raw, { maxFileBytes: MAX_BOM_FILE_BYTES, maxFiles: 1 });
        const file = body.files.find((f) => f.field === 'file');
        if (!file) throw new ValidationError(BOM_FILE_REQUIRED);
        if (file.truncated) throw new DomainError(413, BOM_FILE_TOO_LARGE);
        // Read in a worker thread with a deadline: a hostile workbook costs that thread, never the event loop (ADR 094).
        table = await parseSandbox().run({ kind: 'bom-file', data: file.data });
      } else if (/^application\/([\w.-]+\+)?json$/.test(type)) {
        table = await parseSandbox().run({ kind: 'bom-text', text: parseOrThrow(bomPasteSchema, await readJson(c.req.raw)).text });
      } else {
        throw new UnsupportedMediaTypeError('multipart/form-data (a file) or application/json (pasted text)');
      }
      return c.json(await sheetOf(c, table));
    })
    .post('/match', limited, limitBody(MAX_MATCH_BODY_BYTES), requireJson, validate('json', bomMatchRequestSchema), async (c) => {
      const { lines } = c.req.valid('json');
      const answer: BomMatchResponse = { lines: await gated(() => service.matchLines(lines)) };
      // Lines that matched nothing are missing-part demand (buffered, written after the answer: ADR 129).
      const unmatched = lines.filter((_, i) => answer.lines[i]?.confidence === 'none');
      if (unmatched.length > 0) deps.demandRecorder?.bomUnmatched(unmatched, demandSessionOf(c));
      return c.json(answer);
    })
    .get('/mapping', requireUser, async (c) => c.json((await service.savedMapping(currentUser(c).username)) ?? {}))
    .put('/mapping', requireUser, limitBody(16 * 1024), requireJson, async (c) => {
      const mapping = parseOrThrow(savedBomMappingSchema, await readJson(c.req.raw));
      await service.saveMapping(currentUser(c).username, mapping);
      return c.json(mapping);
    });
}
