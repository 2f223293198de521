import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

/**
 * Signed webhooks to the reseller's ERP (ADR 123): the events, an endpoint the admin configures, and a
 * delivery as the admin's log shows it. The order events are sent by the order work once it lands.
 */
export const WEBHOOK_EVENT_TYPES = ['quote.submitted', 'offer.sent', 'offer.accepted', 'order.confirmed', 'order.line_rejected'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Names a secret held outside the table: `WEBHOOK_SECRETS` locally, the stage's Secrets Manager secret on AWS. */
const SECRET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const webhookEndpointInputSchema = lazySchema(() =>
  z.object({
    url: z.string().trim().min(1, 'Required').max(2048, 'Use a URL of at most 2048 characters'),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Choose at least one event').max(WEBHOOK_EVENT_TYPES.length),
    secretName: z.string().trim().regex(SECRET_NAME, 'Use lower-case letters, digits, "-" and "_" (at most 64)'),
  }),
);
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    secretName: z.string(),
    createdAt: z.string(),
  }),
);
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One event for one endpoint: the admin's delivery log row. */
export const webhookDeliverySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    endpointId: z.string(),
    url: z.string(),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number().int(),
    createdAt: z.string(),
    /** The last attempt: when, the receiver's HTTP status (absent when no answer came), and why it failed. */
    lastAttemptAt: z.string().optional(),
    responseCode: z.number().int().optional(),
    lastError: z.string().optional(),
    deliveredAt: z.string().optional(),
    /** When the next attempt is due, while pending. */
    dueAt: z.string().optional(),
  }),
);
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The body every delivery POSTs (JSON): the receiver dedupes by `id`. */
export const webhookEventSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    /** When the event happened (ISO 8601, UTC). */
    time: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
