// The auth feature's public surface: all that the app, other features, http/ and jobs/ may import from auth/.
export { USER_EXISTS_MESSAGE, checkCityAndCharity, sendVerificationMail } from './accounts.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { authRoutes, sessionUserAhead } from './router.ts';
export { loadSessionUser } from './session-user.ts';
