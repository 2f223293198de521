import type { Handler } from 'hono';
import { SITE_DOWNLOAD_PREFIX } from '../adapters/s3/blob-store';

/** The answer headers passed on from the bucket; the security headers are added by the server, as CloudFront's policy does. */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-disposition', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

/**
 * The local stand-in for CloudFront's `/quotes/*` behaviour (ADR 110): a quote attachment's download link is
 * a path on the site with the presigned query; it is forwarded to the S3 stand-in unchanged (the bucket's
 * path-style prefix added), and the answer goes back with the site's security headers, `nosniff` among them.
 */
export function attachmentDownloads(options: { s3Endpoint: string; bucket: string }): Handler {
  const base = `${options.s3Endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  return async (c) => {
    const url = new URL(c.req.url);
    if (!url.pathname.startsWith(SITE_DOWNLOAD_PREFIX) || !url.searchParams.has('X-Amz-Signature')) {
      return c.json({ message: 'File not found' }, 404);
    }
    const range = c.req.header('range');
    let res: Response;
    try {
      res = await fetch(`${base}${url.pathname}${url.search}`, { method: c.req.method, ...(range ? { headers: { range } } : {}) });
    } catch {
      return c.json({ message: 'File storage is unavailable. Try again in a moment.' }, 503);
    }
    if (!res.ok) {
      await res.body?.cancel();
      return res.status === 403
        ? c.json({ message: 'This download link has expired; open the quote request again for a new one' }, 403)
        : c.json({ message: 'File not found' }, 404);
    }
    const headers = new Headers({ 'cache-control': 'private, no-store' });
    for (const name of PASSED_HEADERS) {
      const value = res.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(c.req.method === 'HEAD' ? null : res.body, { status: res.status, headers });
  };
}
