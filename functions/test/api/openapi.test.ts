import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApi, type Api } from './api-helpers';

/**
 * The OpenAPI 3.1 document (issue 28, ADR 124): generated from the shared zod schemas, served at
 * /api/openapi.json, with every route of the app in it, and readable as a page at /api/docs.
 */

let api: Api;
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown>; security?: unknown; 'x-access': string }>>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};
let doc: Doc;

beforeAll(async () => {
  api = await createApi();
  const res = await api.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});
afterAll(() => api.close());

/** Every route the Hono app answers (its middleware-only entries left out). */
const appRoutes = () =>
  [...new Set(api.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`))].sort();

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1 and lists every public and admin route of the app, and nothing it does not serve', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
      .sort();
    expect(appRoutes().length).toBeGreaterThan(50);
    expect(documented).toEqual(appRoutes());
  });

  test('request bodies and answers come from the shared schemas; every $ref resolves inside the document', () => {
    const endpoint = doc.paths['/api/admin/webhooks/endpoints']!.post!;
    expect(endpoint.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', required: ['url', 'events', 'secretName'], properties: { events: { type: 'array' } } } } },
    });
    expect(endpoint['x-access']).toBe('admin');
    expect(endpoint.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/parts/{slug}']!.get!.responses['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'object' } } } });
    const text = JSON.stringify(doc);
    for (const [, ref] of text.matchAll(/"\$ref":"([^"]+)"/g)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref!.split('/').at(-1)!], ref).toBeDefined();
    }
  });

  test('documents the webhooks the site sends, with their signature headers', () => {
    expect(Object.keys(doc.webhooks)).toEqual(['quote.submitted', 'offer.sent', 'offer.accepted', 'order.confirmed', 'order.line_rejected']);
    expect(JSON.stringify(doc.webhooks['offer.sent'])).toContain('Webhook-Signature');
  });
});

describe('the reference page', () => {
  test('is HTML served by the app, names every documented route, and loads nothing from elsewhere', async () => {
    const res = await api.call('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`<code>${path.replaceAll('"', '&#34;')}</code>`);
    expect(html).toContain('Webhook-Signature');
    expect(html).not.toMatch(/<script|<link|src="http|href="http/i);
  });
});
