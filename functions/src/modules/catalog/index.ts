export { createCatalogRepository } from './adapters/catalog-repository';
export { decodePart } from './adapters/part-item';
export { partFieldsOf, toPartView } from './part-view';
export type { CatalogRepository, PartUpsert, StoredPart } from './ports/catalog-repository';
export { adminRoutes } from './routes/admin';
export { categoryRoutes } from './routes/categories';
export { manufacturerRoutes } from './routes/manufacturers';
export { partRoutes } from './routes/parts';
export { SITEMAP_INDEX, generateSitemaps } from './sitemaps';
