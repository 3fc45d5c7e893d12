// The embedded stack's VAPID key pair (decision 110): made on first start and kept next to the data, so
// browsers' subscriptions stay valid across restarts. VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY in the
// environment win (as when deployed).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateVapidKeys } from '../supabase/functions/api/ports/push/web-push-crypto.ts';

export interface LocalVapidKeys {
  publicKey: string;
  privateKey: string;
  source: 'environment' | 'file' | 'generated';
}

export async function loadOrCreateVapidKeys(
  file: string, env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string },
): Promise<LocalVapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, source: 'environment' };
  }
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof saved.publicKey !== 'string' || typeof saved.privateKey !== 'string') {
      throw new Error(`${file} does not hold a VAPID key pair; delete it to make a new one`);
    }
    return { publicKey: saved.publicKey, privateKey: saved.privateKey, source: 'file' };
  }
  const keys = await generateVapidKeys();
  mkdirSync(dirname(file), { recursive: true });
  // wx: two runners starting at once never overwrite each other's pair.
  try {
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateVapidKeys(file, env);
    throw error;
  }
  chmodSync(file, 0o600);
  return { ...keys, source: 'generated' };
}
