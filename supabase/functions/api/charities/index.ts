// The charities feature's public surface: all that the app, other features, http/ and jobs/ may import from charities/.
export { adminCharityRoutes } from './admin-router.ts';
export { impactRoutes } from './impact-router.ts';
export { charityRoutes } from './router.ts';
