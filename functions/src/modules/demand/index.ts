export { createDemandRepository } from './adapters/demand-repository';
export { createDemandRecorder } from './demand-recorder';
export { demandAdminRoutes, demandBeaconRoutes, demandServiceOf, demandSessionOf } from './routes/demand';
export type { DemandRecorder, DemandRepository } from './ports/demand';
export { carryOverDemand } from './demand-service';
