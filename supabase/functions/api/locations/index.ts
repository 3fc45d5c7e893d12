// The locations feature's public surface: all that the app, other features, http/ and jobs/ may import from locations/.
export { mapRoutes, merchantLocationRoutes } from './router.ts';
export { locationsOfBusiness, publicLocationsOfBusiness } from './locations.ts';
