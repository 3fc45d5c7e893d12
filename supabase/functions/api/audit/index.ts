// The audit feature's public surface (decision 202): all that the app, other features, http/ and jobs/ may import from audit/.
export { adminAuditLogRoutes, businessAuditLogRoutes } from './router.ts';
