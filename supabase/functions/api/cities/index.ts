// The cities feature's public surface: all that the app, other features, http/ and jobs/ may import from cities/.
export { adminCityRoutes } from './admin-router.ts';
export { cityRoutes } from './router.ts';
