import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CatalogRepository } from '../../modules/catalog/ports/catalog-repository';
import type { ImportJobRepository } from '../../modules/imports/ports/import-job-repository';
import type { QuoteRepository } from '../../modules/quotes/ports/quote-repository';
import type { UserRepository } from '../../modules/accounts/ports/user-repository';
import type { RateLimitStore } from '../../ports/rate-limit-store';
import { createRateLimitStore } from './rate-limit-store';
import type { QuoteThreadRepository } from '../../modules/quotes/ports/quote-thread-repository';
import type { OutboxRepository } from '../../modules/mail/ports/outbox';
import { createCatalogRepository } from '../../modules/catalog/adapters/catalog-repository';
import { createImportJobRepository } from '../../modules/imports/adapters/import-job-repository';
import { createQuoteRepository } from '../../modules/quotes/adapters/quote-repository';
import { createQuoteThreadRepository } from '../../modules/quotes/adapters/quote-thread-repository';
import { createOutboxRepository } from '../../modules/mail/adapters/outbox-repository';
import { guardErrors, type TableContext } from './support';
import { createUserRepository } from '../../modules/accounts/adapters/user-repository';

export interface DynamoRepositories {
  catalog: CatalogRepository;
  users: UserRepository;
  quotes: QuoteRepository;
  imports: ImportJobRepository;
  rateLimits: RateLimitStore;
  quoteThreads: QuoteThreadRepository;
  outbox: OutboxRepository;
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
    quoteThreads: guardErrors(createQuoteThreadRepository(ctx)),
    outbox: guardErrors(createOutboxRepository(ctx)),
  };
}
