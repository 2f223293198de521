import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput, WebhookEvent, WebhookEventType } from '@parts/shared/schemas';
import type { Env } from '../../config/env';
import { NotFoundError, ValidationError } from '../../domain/errors';
import type { Logger } from '../../lib/logger';
import type { NewWebhookDelivery, WebhookQueue, WebhookRepository, WebhookSecrets } from './ports/webhooks';

/** The admin's log shows this many deliveries, newest first. */
export const DELIVERY_LOG_SIZE = 100;
/** At most this many endpoints: every event is one delivery per endpoint, written with the event. */
const MAX_ENDPOINTS = 10;

export interface WebhookEventsDeps {
  webhooks?: WebhookRepository;
  webhookQueue?: WebhookQueue;
  logger: Logger;
  now?: () => Date;
}

/**
 * What a module that reports an event uses (ADR 123): the deliveries of one event (one per endpoint that
 * takes its type, the body fixed now), to store with the event's own write; then a kick to send them.
 */
export function createWebhookEvents(deps: WebhookEventsDeps) {
  const now = deps.now ?? (() => new Date());
  function sendSoon(deliveries: NewWebhookDelivery[]): void {
    if (deliveries.length === 0 || !deps.webhookQueue) return;
    try {
      deps.webhookQueue.kick(deliveries.map((d) => d.id));
    } catch (err) {
      deps.logger.warn('webhook.kick_failed', { error: String(err) });
    }
  }
  return {
    async deliveriesFor(type: WebhookEventType, data: Record<string, unknown>): Promise<NewWebhookDelivery[]> {
      if (!deps.webhooks) return [];
      const endpoints = (await deps.webhooks.listEndpoints()).filter((e) => e.events.includes(type));
      if (endpoints.length === 0) return [];
      const event: WebhookEvent = { id: `evt_${randomUUID().replaceAll('-', '')}`, type, time: now().toISOString(), data };
      const body = JSON.stringify(event);
      return endpoints.map((e) => ({ id: `${event.id}.${e.id}`, eventId: event.id, eventType: type, endpointId: e.id, url: e.url, body }));
    },
    /** Stores deliveries on their own, when the event's write could not carry them; a failure is logged, never thrown. */
    async publish(deliveries: NewWebhookDelivery[]): Promise<void> {
      if (deliveries.length === 0 || !deps.webhooks) return;
      try {
        await deps.webhooks.enqueue(deliveries);
        sendSoon(deliveries);
      } catch (err) {
        deps.logger.error('webhook.enqueue_failed', { type: deliveries[0]?.eventType, eventId: deliveries[0]?.eventId, error: String(err) });
      }
    },
    /** Asks for deliveries stored with their event to go out now (locally; AWS sweeps every minute). */
    sendSoon,
  };
}
export type WebhookEvents = ReturnType<typeof createWebhookEvents>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Literal addresses a webhook must not reach in production: loopback, private, link-local (the metadata service), unspecified. */
function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) {
    const [a = 0, b = 0] = bare.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(bare) === 6) return bare === '::' || bare === '::1' || /^(fc|fd|fe8|fe9|fea|feb)/i.test(bare) || bare.toLowerCase().startsWith('::ffff:');
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || host.endsWith('.internal');
}

/** The endpoint URL as stored, or a ValidationError whose message says what to change. */
export function checkEndpointUrl(raw: string, env: Pick<Env, 'NODE_ENV'>): string {
  const fail = (message: string): never => {
    throw new ValidationError(message, [{ path: 'url', message }]);
  };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail('Enter a valid URL, like https://erp.example.com/webhooks');
  }
  const local = env.NODE_ENV !== 'production' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) fail('Use an https:// URL (http:// only to this machine, for local testing)');
  if (url.username || url.password) fail('Leave the user name and password out of the URL: the signing secret authenticates deliveries');
  if (url.hash) fail('Leave the #fragment out of the URL');
  if (!local && isPrivateAddress(url.hostname)) fail('Webhooks cannot go to a private, loopback or link-local address');
  return url.toString();
}

export interface WebhookServiceDeps {
  env: Pick<Env, 'NODE_ENV'>;
  webhooks: WebhookRepository;
  webhookSecrets: WebhookSecrets;
  webhookQueue?: WebhookQueue;
  logger: Logger;
  now?: () => Date;
}

/** The admin's side: endpoints, the delivery log, redelivery. */
export function createWebhookService(deps: WebhookServiceDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    listEndpoints: (): Promise<WebhookEndpoint[]> => deps.webhooks.listEndpoints(),

    async addEndpoint(input: WebhookEndpointInput): Promise<WebhookEndpoint> {
      const url = checkEndpointUrl(input.url, deps.env);
      if (!(await deps.webhookSecrets.get(input.secretName))) {
        const message = `No webhook secret named "${input.secretName}" is configured (docs/webhooks.md says where secrets go)`;
        throw new ValidationError(message, [{ path: 'secretName', message }]);
      }
      const existing = await deps.webhooks.listEndpoints();
      if (existing.length >= MAX_ENDPOINTS) throw new ValidationError(`At most ${MAX_ENDPOINTS} webhook endpoints; remove one first`);
      const endpoint: WebhookEndpoint = {
        id: `we_${randomUUID().slice(0, 8)}`,
        url,
        events: [...new Set(input.events)],
        secretName: input.secretName,
        createdAt: now().toISOString(),
      };
      await deps.webhooks.putEndpoint(endpoint);
      deps.logger.info('webhook.endpoint_added', { id: endpoint.id, url: endpoint.url, events: endpoint.events });
      return endpoint;
    },

    async removeEndpoint(id: string): Promise<void> {
      await deps.webhooks.deleteEndpoint(id);
      deps.logger.info('webhook.endpoint_removed', { id });
    },

    listDeliveries: (): Promise<WebhookDelivery[]> => deps.webhooks.listRecent(DELIVERY_LOG_SIZE),

    /** Sends the same event (same id and body, a new timestamp and signature) to its endpoint again. */
    async redeliver(id: string): Promise<WebhookDelivery> {
      const delivery = await deps.webhooks.get(id);
      if (!delivery) throw new NotFoundError('Webhook delivery not found');
      await deps.webhooks.requeue(id, now());
      deps.webhookQueue?.kick([id]);
      const { body: _body, ...queued } = (await deps.webhooks.get(id)) ?? delivery;
      return queued;
    },
  };
}
