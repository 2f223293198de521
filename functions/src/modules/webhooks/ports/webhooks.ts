import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@parts/shared/schemas';

/** A delivery to store: one event for one endpoint, its body fixed now so every attempt sends the same bytes. */
export interface NewWebhookDelivery {
  /** `<eventId>.<endpointId>`: one item per event and endpoint, so a retried write never delivers an event twice. */
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  endpointId: string;
  url: string;
  /** The JSON body (event id, type, time, data). */
  body: string;
}

export interface StoredWebhookDelivery extends WebhookDelivery {
  body: string;
}

export interface WebhookRepository {
  listEndpoints(): Promise<WebhookEndpoint[]>;
  getEndpoint(id: string): Promise<WebhookEndpoint | undefined>;
  putEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  /** NotFoundError when there is none. */
  deleteEndpoint(id: string): Promise<void>;
  /** Stores deliveries on their own (when they cannot share the write of the event they report); an existing one is kept. */
  enqueue(deliveries: NewWebhookDelivery[]): Promise<void>;
  /** Deliveries whose next attempt is due, oldest first. */
  listDue(now: Date, limit: number): Promise<StoredWebhookDelivery[]>;
  /** The newest deliveries first (the admin's log). */
  listRecent(limit: number): Promise<WebhookDelivery[]>;
  get(id: string): Promise<StoredWebhookDelivery | undefined>;
  /** Takes a due delivery for one attempt (counts it, hides it until `leaseUntil`); undefined when not due. */
  claim(id: string, now: Date, leaseUntil: Date): Promise<StoredWebhookDelivery | undefined>;
  markDelivered(id: string, responseCode: number, at: Date): Promise<void>;
  /** Records a failed attempt; `retryAt` undefined means no more attempts. */
  markFailed(id: string, failure: { error: string; responseCode?: number }, retryAt: Date | undefined, at: Date): Promise<void>;
  /** Queues a delivery again, due at once, with a fresh attempt budget (the admin's Redeliver); NotFoundError when unknown. */
  requeue(id: string, now: Date): Promise<void>;
}

/** The endpoints' signing secrets, by name: `WEBHOOK_SECRETS` locally, a Secrets Manager secret on AWS (ADR 123). */
export interface WebhookSecrets {
  get(name: string): Promise<string | undefined>;
}

/** Asks for deliveries to be attempted now (the local worker); never throws, never waits. */
export interface WebhookQueue {
  kick(ids: string[]): void;
}
