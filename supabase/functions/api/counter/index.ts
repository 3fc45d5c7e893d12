// The counter feature's public surface: all that the app, other features, http/ and jobs/ may import from counter/.
export { counterRoutes } from './router.ts';
