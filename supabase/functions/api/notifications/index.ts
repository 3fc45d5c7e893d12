// The notifications feature's public surface: all that the app, other features, http/ and jobs/ may import from notifications/.
export { notificationRoutes, notificationsAhead } from './router.ts';
