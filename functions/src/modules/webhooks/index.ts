export { createWebhookRepository, webhookDeliveryItem } from './adapters/webhook-repository';
export { createWebhookSecrets } from './adapters/webhook-secrets';
export { createWebhookEvents, type WebhookEvents } from './webhook-service';
export { createWebhookWorker } from './webhook-worker';
export { REPLAY_WINDOW_SECONDS, signWebhook, verifyWebhook, WEBHOOK_HEADERS } from './signature';
export { webhookRoutes } from './routes/webhooks';
export type { NewWebhookDelivery, WebhookQueue, WebhookRepository, WebhookSecrets } from './ports/webhooks';
