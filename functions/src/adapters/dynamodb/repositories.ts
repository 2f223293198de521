import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CatalogRepository } from '../../ports/catalog-repository';
import type { ImportJobRepository } from '../../ports/import-job-repository';
import type { QuoteRepository } from '../../ports/quote-repository';
import type { UserRepository } from '../../ports/user-repository';
import type { RateLimitStore } from '../../ports/rate-limit-store';
import { createRateLimitStore } from './rate-limit-store';
import type { QuoteThreadRepository } from '../../ports/quote-thread-repository';
import type { OutboxRepository } from '../../ports/outbox';
import { createCatalogRepository } from './catalog-repository';
import { createImportJobRepository } from './import-job-repository';
import { createQuoteRepository } from './quote-repository';
import { createQuoteThreadRepository } from './quote-thread-repository';
import { createOutboxRepository } from './outbox-repository';
import { guardErrors, type TableContext } from './support';
import { createUserRepository } from './user-repository';

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
