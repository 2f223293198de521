import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export interface ClientAddressOptions {
  /** The app runs behind CloudFront, whose origin request policy sets CloudFront-Viewer-Address. */
  trustCloudFrontViewerAddress: boolean;
}

/**
 * The caller's address for login throttling. X-Forwarded-For is never read: any client can write it.
 * Behind CloudFront the viewer address comes from `CloudFront-Viewer-Address` (CloudFront overwrites
 * whatever the viewer sent); otherwise from the direct peer: the event's `sourceIp` on Lambda, the
 * socket on the local Node server, and 'unknown' where there is neither (in-process `app.request`).
 */
export function clientAddress(c: Context, options: ClientAddressOptions): string {
  if (options.trustCloudFrontViewerAddress) {
    const viewer = parseViewerAddress(c.req.header('cloudfront-viewer-address'));
    if (viewer) return viewer;
  }
  return lambdaSourceIp(c.env) ?? socketAddress(c) ?? 'unknown';
}

/** `ip:port`, IPv6 with or without brackets (`[2001:db8::1]:443`, `2001:db8::1:443`); the IP alone, or undefined. */
export function parseViewerAddress(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text || text.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return isIP(bracketed[1]!) === 6 ? bracketed[1]!.toLowerCase() : undefined;
  const lastColon = text.lastIndexOf(':');
  if (lastColon > 0 && /^\d{1,5}$/.test(text.slice(lastColon + 1))) {
    const host = text.slice(0, lastColon);
    if (isIP(host)) return host.toLowerCase();
  }
  // No port at all: only a bare IPv4 can be told apart from an IPv6 ending in a number-like group.
  return isIP(text) === 4 ? text : undefined;
}

const asRecord = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined);

/** hono/aws-lambda passes the event (and its requestContext) as the app's bindings. */
function lambdaSourceIp(bindings: unknown): string | undefined {
  const env = asRecord(bindings);
  const requestContext = asRecord(asRecord(env?.event)?.requestContext) ?? asRecord(env?.requestContext);
  const sourceIp = asRecord(requestContext?.http)?.sourceIp;
  return typeof sourceIp === 'string' && isIP(sourceIp) ? sourceIp : undefined;
}

/** @hono/node-server passes the IncomingMessage as `incoming`. */
function socketAddress(c: Context): string | undefined {
  const env = asRecord(c.env);
  const server = asRecord(env?.server) ?? env;
  if (!asRecord(asRecord(server?.incoming)?.socket)) return undefined;
  const address = getConnInfo(c).remote.address;
  return address && isIP(address) ? address : undefined;
}
