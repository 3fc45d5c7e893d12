// The collabs feature's public surface: all that the app, other features, http/ and jobs/ may import from collabs/.
export { collabRoutes } from './router.ts';
export { businessSearchAhead, businessSearchRoutes } from './search-router.ts';
