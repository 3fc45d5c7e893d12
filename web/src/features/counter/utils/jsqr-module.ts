// jsQR as the counter loads it: a chunk of its own (decision 167 keeps it out of the precache) that knows its own
// address, so the counter can keep a copy for offline use (qr-decoder.ts, issue 38).
export { default as jsQR } from 'jsqr';

/** This chunk's address once built (its hashed file under /assets/). */
export const chunkUrl = import.meta.url;
