import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { buildApp } from '../../src/app';
import { createS3BlobStore } from '../../src/adapters/s3/blob-store';
import { createServerApp } from '../../src/local/server-app';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { serveOnLoopback } from '../support/serve';
import { TEST_BUCKETS } from '../support/test-deps';
import { createApi, type Api } from '../api/api-helpers';

/**
 * Issue 26, item 7 (second half; ADR 110): downloads carry `Content-Disposition: attachment` and
 * `X-Content-Type-Options: nosniff`. A quote attachment's link is a path on the site (`/quotes/…`, the
 * presigned query kept), which the edge forwards to the bucket and answers with the site's headers. Locally
 * the Node server plays CloudFront's part, against the S3 stand-in, over a real socket.
 */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 0x20)]);
const HOSTILE = Buffer.concat([PDF, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);

let api: Api;
let site: { url: string; close(): Promise<void> };
let webDist: string;
let partId: number;
beforeAll(async () => {
  api = await createApi((deps) => ({ blobs: createS3BlobStore({ client: deps.s3, buckets: TEST_BUCKETS, downloads: 'site' }) }));
  webDist = mkdtempSync(join(tmpdir(), 'parts-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  const { app } = createServerApp(buildApp(api.deps), webDist, {
    attachmentDownloads: { s3Endpoint: inject('s3Endpoint'), bucket: TEST_BUCKETS.attachments },
  });
  site = await serveOnLoopback((request) => app.fetch(request));
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  partId = (await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }))).id;
});
afterAll(async () => {
  await site?.close();
  rmSync(webDist, { recursive: true, force: true });
  await api?.close();
});

async function submitWith(cookie: string, fileName: string, data: Buffer): Promise<number> {
  const body = new FormData();
  body.append('customerName', 'Grace Hopper');
  body.append('customerEmail', 'grace@example.com');
  body.append('items', JSON.stringify([{ partId, quantity: 1 }]));
  body.append('attachments', new Blob([new Uint8Array(data)], { type: 'text/html' }), fileName);
  const res = await api.call('POST', '/api/quote-requests', { cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('attachment downloads (ADR 110)', () => {
  test('a hostile file named evil.html downloads from the site as evil.pdf, with Content-Disposition: attachment and nosniff', async () => {
    const admin = await api.admin();
    const buyer = await api.customer();
    const id = await submitWith(buyer.cookie, 'evil.html', HOSTILE);

    // Both sides' views of the request link to the site, not to the bucket.
    for (const cookie of [buyer.cookie, admin.cookie]) {
      const detail = (await (await fetch(`${site.url}/api/quote-requests/${id}`, { headers: { cookie } })).json()) as {
        attachments: { fileName: string; url: string }[];
      };
      const [attachment] = detail.attachments;
      expect(attachment?.fileName).toBe('evil.pdf');
      expect(attachment?.url).toMatch(new RegExp(`^/quotes/${id}/[0-9a-f-]{36}/evil\\.pdf\\?`));
      expect(new URL(attachment!.url, site.url).searchParams.get('X-Amz-Signature')).toBeTruthy();

      const download = await fetch(new URL(attachment!.url, site.url));
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="evil.pdf"; filename*=UTF-8''evil.pdf`);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await download.arrayBuffer()).equals(HOSTILE)).toBe(true);
    }
  });

  test('the site forwards only signed quote-attachment paths: others get a JSON 404, never the bucket', async () => {
    const buyer = await api.customer();
    const id = await submitWith(buyer.cookie, 'drawing.pdf', PDF);
    const detail = (await (await fetch(`${site.url}/api/quote-requests/${id}`, { headers: { cookie: buyer.cookie } })).json()) as {
      attachments: { url: string }[];
    };
    const signed = new URL(detail.attachments[0]!.url, site.url);
    const unsigned = new URL(signed.pathname, site.url);
    const missing = new URL(`/quotes/${id}/00000000-0000-0000-0000-000000000000/none.pdf${signed.search}`, site.url);
    for (const url of [unsigned, missing]) {
      const res = await fetch(url);
      expect({ url: url.pathname, status: res.status, body: await res.json() }).toEqual({
        url: url.pathname,
        status: 404,
        body: { message: 'File not found' },
      });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
