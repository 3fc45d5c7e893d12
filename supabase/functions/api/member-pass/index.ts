// The member-pass feature's public surface: all that the app, other features, http/ and jobs/ may import from member-pass/.
export { checkScannedCode, firstNameOf, passVerificationKeys } from './member-pass.ts';
export { memberRedemptionRoutes } from './redemptions-router.ts';
export { memberPointsRoutes } from './router.ts';
export { provePersonalCode } from './pass-devices.ts';
