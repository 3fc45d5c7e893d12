import { useMemo, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { clockTimeWithSeconds } from '@/lib/dates';
import { formatMemberNumber } from '@/lib/numbers';
import { countdownLabel } from '@/lib/deals/deal-format';
import { useNow } from '@/lib/deals/code-clock';
import { useBusyWhile } from '@/lib/pwa/busy';
import { APPLE_WALLET_PASS_URL, googleWalletLink, useWalletOffers } from '../api/get-wallet-offers';
import { useMemberPass } from '../hooks/use-member-pass';
import { passQr } from '../utils/pass-qr';

/** The pass as a QR code: black on white, crisp module edges, the text kept beside it for tests and support. */
function PassQrCode({ text, firstName }: { text: string; firstName: string }) {
  const qr = useMemo(() => passQr(text), [text]);
  return (
    <svg
      role="img"
      aria-label={`Member pass QR code${firstName ? ` for ${firstName}` : ''}`}
      data-testid="member-pass-qr"
      data-pass={text}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      className="mx-auto block aspect-square w-full max-w-80 rounded-lg"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

/**
 * "Add to Google Wallet" and "Add to Apple Wallet" (decision 207), each only when the API says it is configured.
 * Google's link is made on the tap (the member's object is written to Google then); Apple's pass is a download.
 */
function WalletOffers() {
  const offers = useWalletOffers().data;
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');
  if (!offers || (!offers.google && !offers.apple)) return null;
  async function addToGoogle() {
    setState('opening');
    try {
      window.location.assign((await googleWalletLink()).saveUrl);
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row" data-testid="wallet-offers">
      {offers.google && (
        <Button variant="outline" className="flex-1" onClick={() => void addToGoogle()} pending={state === 'opening'}>
          Add to Google Wallet
        </Button>
      )}
      {offers.apple && (
        <a href={APPLE_WALLET_PASS_URL} download="pay-local-member.pkpass" className={buttonClasses('outline', 'md', 'flex-1')}>Add to Apple Wallet</a>
      )}
      {state === 'failed' && <p role="alert" className="text-sm text-red-700">Google Wallet could not be reached. Try again in a moment.</p>}
    </div>
  );
}

/**
 * The member pass (decision 165, screens in 167): a QR this device signs anew every 30 seconds, the member's
 * first name and number, and a clock with seconds so staff can tell a live screen from a screenshot.
 * Loaded only when the member opens it (the QR encoder is not part of the member home's first download).
 */
export default function MemberPassSheet({ onClose }: { onClose: () => void }) {
  const pass = useMemberPass(true);
  const nowMs = useNow(1000);
  // Shown to staff at the counter: no "Update available" reload while it is open.
  useBusyWhile(true, 'member-pass');
  return (
    <Modal open onClose={onClose} title="Member pass" description="Show this at the counter. It changes every 30 seconds, so a screenshot does not work.">
      <div className="space-y-4" data-testid="member-pass-sheet">
        {pass.state === 'ready' && pass.pass ? (
          <PassQrCode text={pass.pass} firstName={pass.firstName} />
        ) : (
          <div role="status" className="mx-auto flex aspect-square w-full max-w-80 items-center justify-center rounded-lg border border-dashed border-stone-300 p-6 text-center text-sm text-stone-700">
            {pass.state === 'loading' ? <span className="flex items-center gap-2"><Spinner className="size-5" /> Preparing your pass...</span> : pass.message}
          </div>
        )}
        {pass.personalCode && (
          <p className="text-center text-sm text-stone-600">
            Personal code{' '}
            <span className="ml-1 font-mono text-3xl font-bold tracking-[0.2em] tabular-nums text-stone-900" data-testid="member-pass-personal-code"
              aria-label={`Personal code ${pass.personalCode.split('').join(' ')}`}>
              {pass.personalCode.slice(0, 3)} {pass.personalCode.slice(3)}
            </span>
            <span className="block">If the camera cannot read the QR, staff type this with your member number.</span>
          </p>
        )}
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <p className="truncate text-2xl font-bold text-stone-900" data-testid="member-pass-name">{pass.firstName || ' '}</p>
            <p className="text-sm text-stone-600">Member <span className="font-mono font-semibold tabular-nums text-stone-900">#{formatMemberNumber(pass.memberNumber)}</span></p>
          </div>
          <div className="text-right">
            <p className="font-mono text-2xl font-bold tabular-nums text-stone-900" data-testid="member-pass-clock" aria-label="Time now">{clockTimeWithSeconds(nowMs)}</p>
            {pass.nextChangeAt !== null && (
              <p className="text-sm text-stone-600">New code in <span className="font-mono tabular-nums">{countdownLabel(pass.nextChangeAt, nowMs)}</span></p>
            )}
          </div>
        </div>
        <WalletOffers />
        <Button variant="outline" className="w-full" onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
