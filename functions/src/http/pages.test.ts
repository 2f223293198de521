import { describe, expect, it } from 'vitest';
import { silentLogger } from '../lib/logger';
import { createPageServer, type PageRenderer } from './pages';

const fromCloudFront = (path: string) => new Request(`https://abc123.lambda-url.eu-west-1.on.aws${path}`);
const render: PageRenderer = (request) =>
  Promise.resolve(new URL(request.url).pathname === '/part/m8-bolt' ? new Response('<h1>M8 bolt</h1>', { headers: { 'content-type': 'text/html' } }) : null);

describe('the renderer Lambda app', () => {
  const app = createPageServer({ render, siteUrl: 'https://parts.example.com', logger: silentLogger });

  it('serves the rendered page, and robots.txt naming the site sitemap', async () => {
    const page = await app.fetch(fromCloudFront('/part/m8-bolt'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('M8 bolt');
    const robots = await app.fetch(fromCloudFront('/robots.txt'));
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await robots.text()).toContain('Sitemap: https://parts.example.com/sitemap.xml');
  });

  it('serves the SPA shell for a client-only route (CloudFront sends it every page path), 404 without a shell', async () => {
    const shell = '<!doctype html><html><body><div id="root"></div></body></html>';
    const withShell = createPageServer({ render, shell, logger: silentLogger });
    for (const path of ['/admin', '/admin/login', '/auth', '/account/quotes/7', '/quote-request']) {
      const res = await withShell.fetch(fromCloudFront(path));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toBe(shell);
    }
    expect(await (await withShell.fetch(fromCloudFront('/part/m8-bolt'))).text()).toContain('M8 bolt');
  });

  it('answers 404 for a path it does not render without a shell, 503 when it cannot render', async () => {
    expect((await app.fetch(fromCloudFront('/admin'))).status).toBe(404);
    const failing = createPageServer({ render: () => Promise.reject(new Error('table down')), logger: silentLogger });
    const failed = await failing.fetch(new Request('http://x/catalog'));
    expect(failed.status).toBe(503);
    expect(failed.headers.get('cache-control')).toBe('no-store');
    const unbuilt = await createPageServer({ logger: silentLogger }).fetch(new Request('http://x/catalog'));
    expect(unbuilt.status).toBe(503);
    expect(unbuilt.headers.get('cache-control')).toBe('no-store');
  });
});
