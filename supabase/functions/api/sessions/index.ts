// The sessions feature's public surface: all that the app, other features, http/ and jobs/ may import from sessions/.
export { createSession, endSession, listSessions, openSessionTransaction } from './sessions.ts';
