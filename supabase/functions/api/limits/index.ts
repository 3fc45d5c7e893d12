// The limits feature's public surface: all that the app, other features, http/ and jobs/ may import from limits/.
export { COUNTER_DEVICE_HEADER, WrongGuess, assertRegistrationAllowed, checkPasswordLimited, clearSignInFailures, countAccountAttempt, countAccountAttemptIn, countRegistration, counterDeviceKey, counterGuess, takeHit } from './limiter.ts';
