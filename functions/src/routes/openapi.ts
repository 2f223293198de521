import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';

const CACHE = 'public, max-age=300';

/**
 * The OpenAPI 3.1 document and its reference page (ADR 124); public. Both are built on first use, and their code
 * loads then too, not at the API's cold start (ADR 082).
 */
export function openApiRoutes() {
  let page: string | undefined;
  const document = async () => (await import('../openapi/document')).openApiDocument();
  return new Hono<AppEnv>()
    .get('/openapi.json', async (c) => {
      c.header('cache-control', CACHE);
      return c.json(await document());
    })
    .get('/docs', async (c) => {
      if (page === undefined) {
        const { referencePage } = await import('../openapi/reference-page');
        page = referencePage(await document());
      }
      c.header('cache-control', CACHE);
      return c.html(page);
    });
}
