import { describe, expect, test } from 'vitest';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { handle, type LambdaEvent } from 'hono/aws-lambda';
import { silentLogger } from '../lib/logger';
import { clientAddress } from './client-address';
import { originCheck } from './origin-check';

/**
 * ADR 120: the API is reached through its Lambda function URL (CloudFront, origin access control), not API Gateway.
 * A function URL sends payload format 2.0 like the HTTP API did; this feeds `hono/aws-lambda` (what lambda/api.ts
 * exports) the event CloudFront's signed request becomes, and checks what the app reads from it: the path and query,
 * the cookies (in `cookies`, not a header), the viewer address CloudFront set, Origin, and a base64 multipart body.
 */
const app = new Hono();
app.use('/api/*', originCheck(['https://parts.example.com'], silentLogger));
app.post('/api/echo', async (c) => {
  const form = await c.req.formData();
  setCookie(c, 'seen', 'yes', { path: '/', httpOnly: true });
  return c.json({
    path: c.req.path,
    q: c.req.query('q'),
    session: getCookie(c, 'session'),
    theme: getCookie(c, 'theme'),
    viewer: clientAddress(c, { trustCloudFrontViewerAddress: true }),
    file: await (form.get('file') as File).text(),
    hash: c.req.header('x-amz-content-sha256'),
  });
});
const handler = handle(app);

async function functionUrlEvent(request: Request, cookies: string[]): Promise<LambdaEvent> {
  const url = new URL(request.url);
  const body = Buffer.from(await request.arrayBuffer());
  const host = 'abcdefghij.lambda-url.eu-west-1.on.aws';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers: {
      host,
      'content-type': request.headers.get('content-type')!,
      origin: 'https://parts.example.com',
      'cloudfront-viewer-address': '198.51.100.7:50123',
      'x-amz-content-sha256': 'ab'.repeat(32),
      'x-amz-cf-id': 'cf-request-id',
    },
    queryStringParameters: Object.fromEntries(url.searchParams),
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abcdefghij',
      authorizer: {
        iam: { accessKey: 'ASIA…', accountId: '111122223333', callerId: 'cloudfront', userArn: 'arn:aws:sts::111122223333:assumed-role/cloudfront' },
      },
      domainName: host,
      domainPrefix: 'abcdefghij',
      http: { method: request.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '130.176.0.1', userAgent: 'Amazon CloudFront' },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '26/Nov/2026:17:00:00 +0000',
      timeEpoch: 1795712400000,
    },
    body: body.toString('base64'),
    isBase64Encoded: true,
  } as unknown as LambdaEvent;
}

describe('a function URL event (payload 2.0) through hono/aws-lambda', () => {
  test('the app reads path, query, cookies, the CloudFront viewer address, Origin and a multipart body; Set-Cookie comes back', async () => {
    const form = new FormData();
    form.set('file', new File(['Part Number\nX-1\n'], 'list.csv', { type: 'text/csv' }));
    const event = await functionUrlEvent(new Request('https://x/api/echo?q=valve', { method: 'POST', body: form }), ['session=jwt-value', 'theme=dark']);
    const res = (await handler(event)) as { statusCode: number; body: string; cookies?: string[]; headers: Record<string, string> };
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      path: '/api/echo',
      q: 'valve',
      session: 'jwt-value',
      theme: 'dark',
      // CloudFront's header, not the function URL's sourceIp (CloudFront's own address).
      viewer: '198.51.100.7',
      file: 'Part Number\nX-1\n',
      hash: 'ab'.repeat(32),
    });
    expect(res.cookies).toEqual([expect.stringMatching(/^seen=yes; Path=\/; HttpOnly$/)]);
  });

  test("a write from another site's page is refused with 403 JSON, as through API Gateway", async () => {
    const event = await functionUrlEvent(new Request('https://x/api/echo', { method: 'POST', body: new FormData() }), []);
    (event.headers as Record<string, string>).origin = 'https://evil.example';
    const res = (await handler(event)) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body).message).toMatch(/another site/);
  });
});
