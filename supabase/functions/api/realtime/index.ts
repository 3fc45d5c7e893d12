// The realtime feature's public surface: all that the app, other features, http/ and jobs/ may import from realtime/.
export { realtimeRoutes } from './router.ts';
