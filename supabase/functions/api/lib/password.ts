import bcrypt from 'bcryptjs';

export const hashPassword = (password: string, rounds: number) => bcrypt.hash(password, rounds);

// A real hash of a random string, so unknown emails cost the same time as wrong passwords.
const timingDummy = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.5Ai4sXKl1iQ4B4h8WqB2z1pHkbGe';

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? timingDummy);
  return ok && hash !== null;
}
