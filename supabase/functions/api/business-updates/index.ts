// The business-updates feature's public surface: all that the app, other features, http/ and jobs/ may import from business-updates/.
export { businessUpdateRoutes } from './router.ts';
