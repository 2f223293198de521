/**
 * Schemas of every entity and payload (spec sections 3 and 7), shared by the API and the web: one file per
 * feature under schemas/, re-exported here so `@parts/shared/schemas` stays the one import.
 */
export { idSchema, slugSchema, errorBodySchema, healthSchema } from './schemas/common';
export type { ErrorBody, Health } from './schemas/common';
export * from './schemas/catalog';
export * from './schemas/listing';
export * from './schemas/accounts';
export * from './schemas/quotes';
export * from './schemas/imports';
export * from './schemas/webhooks';
export type { PartStatus, QuoteStatus, SortBy, SortOrder } from './constants';
export * from './schemas/demand';
