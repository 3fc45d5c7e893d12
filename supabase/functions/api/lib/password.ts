import bcrypt from 'bcryptjs';

export const hashPassword = (password: string, rounds: number) => bcrypt.hash(password, rounds);

// A real hash of a random string, so unknown emails cost the same time as wrong passwords.
const timingDummy = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.5Ai4sXKl1iQ4B4h8WqB2z1pHkbGe';

/**
 * bcrypt reads only the first 72 bytes; a longer password never matches (new ones are refused at 72 bytes,
 * decision 088), so one that differs only after byte 72 cannot sign in. Same work either way.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const tooLong = new TextEncoder().encode(password).byteLength > 72;
  const ok = await bcrypt.compare(password, tooLong ? timingDummy : hash ?? timingDummy);
  if (tooLong) return false;
  return ok && hash !== null;
}
