// The staff feature's public surface: all that the app, other features, http/ and jobs/ may import from staff/.
export { counterDeviceAdminRoutes, counterDeviceRoutes, merchantStaffRoutes, staffInviteRoutes } from './router.ts';
