import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CatalogRepository } from '../../modules/catalog';
import type { ImportJobRepository } from '../../modules/imports';
import type { QuoteRepository } from '../../modules/quotes';
import type { UserRepository } from '../../modules/accounts';
import type { RateLimitStore } from '../../ports/rate-limit-store';
import { createRateLimitStore } from './rate-limit-store';
import type { OutboxRepository } from '../../modules/mail';
import { createCatalogRepository } from '../../modules/catalog';
import { createImportJobRepository } from '../../modules/imports';
import { createQuoteRepository } from '../../modules/quotes';
import { createOutboxRepository } from '../../modules/mail';
import { guardErrors, type TableContext } from './support';
import { createUserRepository } from '../../modules/accounts';
import { createWebhookRepository, type WebhookRepository } from '../../modules/webhooks';
import { createDemandRepository, type DemandRepository } from '../../modules/demand';

export interface DynamoRepositories {
  catalog: CatalogRepository;
  users: UserRepository;
  quotes: QuoteRepository;
  imports: ImportJobRepository;
  rateLimits: RateLimitStore;
  outbox: OutboxRepository;
  webhooks: WebhookRepository;
  demand: DemandRepository;
}

/** Every repository over one table; each method throws only DomainErrors. */
export function createDynamoRepositories(options: { client: DynamoDBDocumentClient; tableName: string; now?: () => Date }): DynamoRepositories {
  const ctx: TableContext = { client: options.client, tableName: options.tableName, now: options.now ?? (() => new Date()) };
  return {
    catalog: guardErrors(createCatalogRepository(ctx)),
    users: guardErrors(createUserRepository(ctx)),
    quotes: guardErrors(createQuoteRepository(ctx)),
    imports: guardErrors(createImportJobRepository(ctx)),
    rateLimits: guardErrors(createRateLimitStore(ctx)),
    outbox: guardErrors(createOutboxRepository(ctx)),
    webhooks: guardErrors(createWebhookRepository(ctx)),
    demand: guardErrors(createDemandRepository(ctx)),
  };
}
