// The system feature's public surface (the operator's console, decision 195): all that the app, other features,
// http/ and jobs/ may import from system/.
export { adminSystemRoutes, deepHealthRoutes } from './router.ts';
export { runSystemCheck } from './alerts.ts';
export { everyInterval, JobRuns } from './job-runs.ts';
export { FLUSH_EVERY_MS, figuresWriter } from './request-stats.ts';
export type { SystemMonitor } from './system-status.ts';
