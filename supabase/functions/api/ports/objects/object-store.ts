// The object-store port. Adapters: a local folder (embedded default, served by the local runner
// under /objects/) and Supabase Storage (production). Keys look like "uploads/<user id>/<id>".

interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

export interface ObjectStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Keys are a fixed set of safe segments: no "..", no empty segments, no leading slash. */
const keyPattern = /^[a-z][a-z0-9-]*(\/[A-Za-z0-9_-]{1,100}){1,4}$/;

export const isValidObjectKey = (key: string) => keyPattern.test(key);

export function assertValidObjectKey(key: string): void {
  if (!isValidObjectKey(key)) throw new Error(`Invalid object key: ${key}`);
}
