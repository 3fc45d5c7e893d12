import { useEffect, useState } from 'react';
import type { MemberNumber } from '@shared/contract/index.ts';
import { base64UrlToBytes } from '@shared/encoding.ts';
import { passStepAt, passStepEndsAt, signPass } from '@shared/member-pass.ts';
import { personalCodeOfStep } from '@shared/personal-code.ts';
import { connectivity } from '@/lib/network/connectivity';
import { devicePassKey, usePassCertificate } from '../api/get-pass-certificate';

export type MemberPassState = 'loading' | 'ready' | 'expired' | 'unavailable';

export interface MemberPass {
  state: MemberPassState;
  /** The text of the QR for this 30-second step, or null. */
  pass: string | null;
  /** The member's 6-digit personal code of the same step (decision 190), typed at the counter without a camera. */
  personalCode: string | null;
  firstName: string;
  memberNumber: MemberNumber | null;
  /** When the QR changes next (ms since the epoch). */
  nextChangeAt: number | null;
  message?: string;
}

/**
 * The member pass of the moment (decision 165): this device signs (certificate, step) every 30 seconds with its
 * own key, online or not, for as long as the certificate lasts (at most 12 hours, never past the membership).
 */
export function useMemberPass(enabled: boolean): MemberPass {
  const certificate = usePassCertificate(enabled);
  const cert = certificate.data;
  const { refetch } = certificate;
  const [pass, setPass] = useState<{ text: string; step: number; personalCode: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // Opened online: renew the certificate, so a personal code changed by removing a device elsewhere is current.
  const issuedAt = cert?.issuedAt;
  useEffect(() => {
    if (enabled && issuedAt && Date.now() - Date.parse(issuedAt) > 60_000 && connectivity.isOnline()) void refetch();
  }, [enabled, issuedAt, refetch]);

  useEffect(() => {
    if (!enabled || !cert) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const at = Date.now();
      setNow(at);
      if (at >= Date.parse(cert.expiresAt)) return;
      const key = await devicePassKey();
      if (cancelled) return;
      // A certificate made for another key (this device's storage was cleared) signs nothing valid: renew it.
      // A certificate kept from before personal codes carries no secret: renew it too.
      if (key.x !== cert.x || !cert.personalSecret) return void refetch();
      const step = passStepAt(at);
      const text = await signPass(cert.certificate, key.privateKey, step);
      const personalCode = await personalCodeOfStep(base64UrlToBytes(cert.personalSecret), step);
      if (cancelled) return;
      setPass({ text, step, personalCode });
      timer = setTimeout(() => void tick(), passStepEndsAt(step) - Date.now() + 50);
    };
    void tick();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [enabled, cert, refetch]);

  const base = { firstName: cert?.firstName ?? '', memberNumber: cert?.memberNumber ?? null };
  if (!cert) {
    if (certificate.isPending && enabled) return { ...base, state: 'loading', pass: null, personalCode: null, nextChangeAt: null };
    return {
      ...base, state: 'unavailable', pass: null, personalCode: null, nextChangeAt: null,
      message: certificate.isError ? 'Connect to the internet once to set up your pass.' : 'Your pass needs an active membership.',
    };
  }
  if (now >= Date.parse(cert.expiresAt)) {
    return { ...base, state: 'expired', pass: null, personalCode: null, nextChangeAt: null, message: 'Your pass needs a connection to renew. Connect once and open it again.' };
  }
  if (!pass) return { ...base, state: 'loading', pass: null, personalCode: null, nextChangeAt: null };
  return { ...base, state: 'ready', pass: pass.text, personalCode: pass.personalCode, nextChangeAt: passStepEndsAt(pass.step) };
}
