export { readBomFile, readBomText } from './bom-reader';
export type { BomTable } from './bom-reader';
export { matchPartLines, yieldingMatchSource } from './part-match';
export type { MatchSource } from './part-match';
export { bomRoutes } from './routes/bom';
