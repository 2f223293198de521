import { gunzipSync, gzipSync } from 'node:zlib';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { OfferDraft } from '@parts/shared/offer-drafts';
import { ValidationError } from '../../../domain/errors';
import type { TableContext } from '../../../adapters/dynamodb/support';
import type { QuoteRepository } from '../ports/quote-repository';

/**
 * The offer editor's draft (ADR 126): the draft as gzipped JSON cut into binary pages of at most PAGE_BYTES, each
 * its own item (`DRAFT#0001`, …) beside the head (`DRAFT`: who, when, how many pages), all written in one
 * transaction, so a 2,000-line draft stays far inside DynamoDB's 400 KB item limit.
 */
const PAGE_BYTES = 300 * 1024;
/** The draft's bytes after gzip: 8 pages (a 2,000-line draft with every field full is about 1 MB before gzip). */
export const MAX_DRAFT_BYTES = 8 * PAGE_BYTES;
export const DRAFT_TOO_LARGE = 'The draft is too large to keep; shorten the notes or send the offer';

const head = (quoteId: number) => ({ pk: `QUOTE#${quoteId}`, sk: 'DRAFT' });
const page = (quoteId: number, n: number) => ({ pk: `QUOTE#${quoteId}`, sk: `DRAFT#${String(n).padStart(4, '0')}` });

export function createOfferDraftStore(ctx: TableContext): Pick<QuoteRepository, 'getOfferDraft' | 'putOfferDraft' | 'deleteOfferDraft'> {
  const { client, tableName: TableName } = ctx;

  /** The head and its pages, in key order (`DRAFT` sorts before `DRAFT#…`). */
  async function readAll(quoteId: number): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const res = await client.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :draft)',
          ExpressionAttributeValues: { ':pk': `QUOTE#${quoteId}`, ':draft': 'DRAFT' },
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      items.push(...(res.Items ?? []));
      ExclusiveStartKey = res.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }

  const pagesOf = (items: Record<string, unknown>[]) => items.filter((i) => i.sk !== 'DRAFT');

  return {
    async getOfferDraft(quoteId) {
      const items = await readAll(quoteId);
      const top = items.find((i) => i.sk === 'DRAFT');
      if (!top) return undefined;
      const pages = pagesOf(items).slice(0, Number(top.pages));
      if (pages.length !== top.pages) return undefined;
      const body = Buffer.concat(pages.map((p) => Buffer.from(p.body as Uint8Array)));
      return JSON.parse(gunzipSync(body).toString('utf8')) as OfferDraft;
    },

    async putOfferDraft(quoteId, draft) {
      const body = gzipSync(JSON.stringify(draft));
      if (body.length > MAX_DRAFT_BYTES) throw new ValidationError(DRAFT_TOO_LARGE);
      const chunks: Buffer[] = [];
      for (let at = 0; at < body.length; at += PAGE_BYTES) chunks.push(body.subarray(at, at + PAGE_BYTES));
      const stale = pagesOf(await readAll(quoteId)).filter((p) => Number(String(p.sk).slice('DRAFT#'.length)) > chunks.length);
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName,
                Item: { ...head(quoteId), type: 'quote-offer-draft', quoteId, savedBy: draft.savedBy, savedAt: draft.savedAt, pages: chunks.length },
              },
            },
            ...chunks.map((chunk, i) => ({ Put: { TableName, Item: { ...page(quoteId, i + 1), type: 'quote-offer-draft-page', quoteId, body: chunk } } })),
            ...stale.map((p) => ({ Delete: { TableName, Key: { pk: p.pk, sk: p.sk } } })),
          ],
        }),
      );
    },

    async deleteOfferDraft(quoteId) {
      const items = await readAll(quoteId);
      if (items.length === 0) return;
      await client.send(new TransactWriteCommand({ TransactItems: items.map((i) => ({ Delete: { TableName, Key: { pk: i.pk, sk: i.sk } } })) }));
    },
  };
}
