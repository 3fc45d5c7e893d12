// The follows feature's public surface: all that the app, other features, http/ and jobs/ may import from follows/.
export { followRoutes, followingAhead, followingListRoutes } from './router.ts';
