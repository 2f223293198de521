export { checkIndex, indexingDetail } from './indexer/consistency';
export type { IndexCheckResult } from './indexer/consistency';
export { reindexAll } from './indexer/reindex';
export { createSearchSync } from './indexer/search-sync';
export { createStreamHandler } from './indexer/stream-handler';
export { startStreamPoller } from './indexer/stream-poller';
export type { ShardCheckpoint, StreamCheckpointStore } from './indexer/stream-poller';
export type { IndexProgress, PartDocument, SearchIndex, SearchSync } from './ports/search-index';
export { partSearchRoutes } from './routes/parts-search';
