import type { Client } from '@opensearch-project/opensearch';

/**
 * The OpenSearch client's APIs our code calls. The Lambda bundles carry only these (ADR 083): the client
 * registers every API of OpenSearch (ml, security, snapshot, … — some 250 KB) when it loads, which cost
 * the cold start of every function that searches. `SearchClient` lets the code call these and nothing
 * else, so an API used but left out of the bundle is a type error, not a failure in AWS.
 */
export const OPENSEARCH_ROOT_APIS = ['bulk', 'count', 'msearch', 'ping', 'search'] as const;
export const OPENSEARCH_API_NAMESPACES = ['indices'] as const;

export type SearchClient = Pick<Client, (typeof OPENSEARCH_ROOT_APIS)[number] | (typeof OPENSEARCH_API_NAMESPACES)[number] | 'close'>;
