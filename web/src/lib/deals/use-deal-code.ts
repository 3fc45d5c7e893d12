import { useEffect, useState } from 'react';
import type { OfflineDealCodes } from '@shared/contract/index.ts';
import { codeStepAt, stepEndsAt } from '@shared/deal-code.ts';
import { offlineCodeAt } from '@shared/offline-codes.ts';

const stepStartsAt = (step: number) => stepEndsAt(step - 1).getTime();

export interface ShownCode {
  code: string;
  /** ISO instant the code rotates. */
  expiresAt: string;
}

/**
 * The code a deal shows now: the server's while it is current; after that, the one this device computes
 * from its offline cover (decision 060) — the same code, so it keeps rotating without a network.
 * `null` once neither can give one (offline and the cover has run out: ask to reconnect);
 * `undefined` for the moment the device is still computing.
 */
export function useDealCode(
  server: { code: string | null; expiresAt: string | null },
  cover: OfflineDealCodes | undefined,
  nowMs: number,
): ShownCode | null | undefined {
  const step = codeStepAt(nowMs);
  const serverCurrent = server.code && server.expiresAt && nowMs < Date.parse(server.expiresAt) ? server : null;
  const [computed, setComputed] = useState<{ step: number; cover: OfflineDealCodes; code: ShownCode | null } | null>(null);

  useEffect(() => {
    if (serverCurrent || !cover) return;
    let current = true;
    void offlineCodeAt(cover, stepStartsAt(step)).then((found) => {
      if (current) setComputed({ step, cover, code: found && { code: found.code, expiresAt: found.expiresAt.toISOString() } });
    });
    return () => {
      current = false;
    };
  }, [serverCurrent, cover, step]);

  if (serverCurrent) return { code: serverCurrent.code!, expiresAt: serverCurrent.expiresAt! };
  if (!cover) return null;
  if (computed && computed.step === step && computed.cover === cover) return computed.code;
  return undefined;
}
