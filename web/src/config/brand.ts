export const APP_NAME = 'Pay Local';
export const TAGLINE = 'Pay Local, Save Big';
