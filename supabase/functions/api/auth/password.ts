import bcrypt from 'bcryptjs';

/**
 * Where bcrypt runs (decision 175). By default here, on this thread (bcryptjs): the Edge Function, where each
 * request is its own isolate with its own CPU budget, and tests. The local runner, one process serving everyone,
 * installs a pool of worker threads with a bounded queue (local/password-workers.ts) so a hash never blocks the
 * event loop and a flood of them is refused (503 + Retry-After) instead of stalling every other request.
 */
export interface PasswordHasher {
  hash(password: string, rounds: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
}

const onThisThread: PasswordHasher = {
  hash: (password, rounds) => bcrypt.hash(password, rounds),
  compare: (password, hash) => bcrypt.compare(password, hash),
};

let hasher: PasswordHasher = onThisThread;

/** Installs where bcrypt runs (the local runner's worker pool); null: back to this thread. */
export function usePasswordHasher(next: PasswordHasher | null): void {
  hasher = next ?? onThisThread;
}

export const hashPassword = (password: string, rounds: number) => hasher.hash(password, rounds);

// A real hash of a random string, so unknown emails cost the same time as wrong passwords.
const timingDummy = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.5Ai4sXKl1iQ4B4h8WqB2z1pHkbGe';

/**
 * bcrypt reads only the first 72 bytes; a longer password never matches (new ones are refused at 72 bytes,
 * decision 088), so one that differs only after byte 72 cannot sign in. Same work either way.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const tooLong = new TextEncoder().encode(password).byteLength > 72;
  const ok = await hasher.compare(password, tooLong ? timingDummy : hash ?? timingDummy);
  if (tooLong) return false;
  return ok && hash !== null;
}
