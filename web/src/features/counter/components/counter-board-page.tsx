import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { MerchantDeal, OfflineDealCodes } from '@shared/contract/index.ts';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { countdownLabel, discountLabel } from '@/lib/deals/deal-format';
import { useDealCode, useNow } from '@/lib/deals/code-clock';
import { useOnlineStatus } from '@/lib/network/connectivity';
import { useMerchantDeals } from '@/lib/merchant/get-merchant-deals';
import { useMerchantMe } from '@/lib/merchant/get-merchant-me';
import { useMerchantOfflineCodes } from '../api/get-offline-codes';
import { liveCounterDeals } from '../utils/counter-deals';
import { clockTime } from '@/lib/dates';

const STEP_MS = 120_000;

/** Keeps the tablet's screen on while the board is visible (where the browser allows it). */
function useWakeLock() {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
    if (!wakeLock) return;
    let sentinel: { release(): Promise<void> } | null = null;
    let active = true;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      void wakeLock.request('screen').then((lock) => {
        if (active) sentinel = lock;
        else void lock.release();
      }).catch(() => undefined);
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}

function useFullscreen() {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return { on, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}

function BoardCode({ deal, cover, nowMs }: { deal: MerchantDeal; cover: OfflineDealCodes | undefined; nowMs: number }) {
  const shown = useDealCode({ code: deal.currentCode, expiresAt: deal.codeExpiresAt }, cover, nowMs);
  const left = shown ? Math.max(0, Date.parse(shown.expiresAt) - nowMs) : 0;
  return (
    // The card is a size container: its code is sized to the card's width (cqi), so on a tablet either way and on a TV
    // each code stays on one line inside its own card (issue 31).
    <li aria-label={deal.title} className="flex min-w-0 flex-col justify-between gap-4 rounded-3xl border border-white/10 bg-white/5 p-4 [container-type:inline-size] sm:p-6">
      <div className="flex items-baseline justify-between gap-4">
        <p className="min-w-0 text-xl font-semibold break-words text-white sm:text-2xl">{deal.title}</p>
        <p className="shrink-0 text-xl font-bold text-amber-300 sm:text-2xl">{discountLabel(deal)}</p>
      </div>
      {deal.rulesText && <p className="text-base text-white/85 sm:text-lg" data-testid="deal-rules">{deal.rulesText}</p>}
      {shown ? (
        <>
          <p
            className="text-center font-mono text-[min(19cqi,9rem)] leading-none font-extrabold tracking-[0.2em] whitespace-nowrap text-white tabular-nums"
            aria-label={`Code ${shown.code.split('').join(' ')}`}
            data-testid="deal-code"
          >
            {shown.code}
          </p>
          <div>
            <div className="h-2 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
              <div className="h-full rounded-full bg-amber-300 transition-[width] duration-1000 ease-linear" style={{ width: `${(left / STEP_MS) * 100}%` }} />
            </div>
            <p className="mt-2 text-center text-base text-stone-200">
              Next code in <span className="font-mono text-white tabular-nums" data-countdown="">{countdownLabel(Date.parse(shown.expiresAt), nowMs)}</span>
            </p>
          </div>
        </>
      ) : (
        <p className="py-8 text-center text-lg text-stone-200" data-testid="deal-code-missing">
          {shown === undefined ? 'Getting the code...' : 'Reconnect to show this code.'}
        </p>
      )}
    </li>
  );
}

/**
 * /merchant/counter/board — counter mode (decision 061): a full-screen board of the live codes with their
 * countdowns, for a tablet facing the counter. It keeps rotating codes offline from the counter's 12-hour
 * cover and keeps the screen awake.
 */
export function CounterBoardPage() {
  const merchant = useMerchantMe();
  const approved = merchant.data?.active === true;
  const deals = useMerchantDeals({ enabled: approved });
  const cover = useMerchantOfflineCodes({ enabled: approved }).data;
  const online = useOnlineStatus();
  const nowMs = useNow();
  const fullscreen = useFullscreen();
  useWakeLock();
  const live = liveCounterDeals(deals.data, cover);

  return (
    <main className="flex min-h-dvh flex-col gap-6 bg-stone-950 px-4 py-6 text-white sm:px-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Today's codes</h1>
          <p className="text-stone-300">{merchant.data?.name ?? ''}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-mono text-2xl tabular-nums text-stone-100" aria-label="Time">{clockTime(nowMs)}</p>
          <p
            role="status"
            className={cn('rounded-full px-3 py-1 text-sm font-semibold', online ? 'bg-emerald-400/15 text-emerald-200' : 'bg-amber-300/15 text-amber-200')}
            data-testid="board-status"
          >
            {online ? 'Live' : cover ? `Offline — codes shown until ${clockTime(Date.parse(cover.validUntil))}` : 'Offline'}
          </p>
          {fullscreen.supported && (
            <button
              type="button"
              aria-pressed={fullscreen.on}
              onClick={fullscreen.toggle}
              className="inline-flex min-h-11 items-center rounded-lg border border-white/40 px-3 py-2 text-sm font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Full screen
            </button>
          )}
          <Link
            to={paths.merchantCounter}
            className="inline-flex min-h-11 items-center rounded-lg border border-white/40 px-3 py-2 text-sm font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Back to Counter
          </Link>
        </div>
      </header>

      {merchant.isPending || (approved && deals.isPending && deals.fetchStatus !== 'paused') ? (
        <p role="status" className="py-20 text-center text-xl text-stone-300">Loading codes...</p>
      ) : !approved ? (
        <p className="py-20 text-center text-xl text-stone-200">The code board opens once your business is approved.</p>
      ) : live.length === 0 ? (
        <p className="py-20 text-center text-2xl text-stone-200">No Active Deals</p>
      ) : (
        <ul className="grid flex-1 auto-rows-fr gap-6 md:grid-cols-2 2xl:grid-cols-3">
          {live.map(({ deal, cover: dealCover }) => (
            <BoardCode key={deal.id} deal={deal} cover={dealCover} nowMs={nowMs} />
          ))}
        </ul>
      )}
    </main>
  );
}
