import { startTransition, useEffect, useLayoutEffect, useRef, useState, type HTMLAttributes } from 'react';
import type { OfflineDealCodes } from '@shared/contract/index.ts';
import { codeStepAt, stepEndsAt } from '@shared/deal-code.ts';
import { offlineCodeAt } from '@shared/offline-codes.ts';
import { countdownLabel } from './deal-format';

// The time as rotating deal codes see it, in one place: the shared clock that turns every countdown, the
// current time for screens that re-read it, and the code a deal shows now (the server's, or this device's own
// from its offline cover). When the queries holding codes ask again is in code-refresh.ts, apart: the app's
// entry chunk prefetches the first page of deals with those hooks, and this clock and the code maths stay out
// of it (they load with the screens that show codes).

// One clock for every countdown on screen (decision 135). A screen of deal cards used to keep the time in React
// state and re-render the whole list every second; now one timer, aligned to whole seconds, calls each
// countdown, which writes its own text when its digits change. React renders nothing on a tick.

type TickListener = (nowMs: number) => void;

const listeners = new Set<TickListener>();
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule() {
  // Just after the next whole second, so every countdown turns over together and at most once a second.
  timer = setTimeout(() => {
    const now = Date.now();
    for (const listener of [...listeners]) listener(now);
    if (listeners.size) schedule();
    else timer = null;
  }, 1000 - (Date.now() % 1000) + 5);
}

/** Calls `listener` once a second (on the second) while subscribed; one shared timer for all subscribers. */
export function subscribeTick(listener: TickListener): () => void {
  listeners.add(listener);
  if (!timer) schedule();
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

/** How many subscribers the shared clock has (tests). */
export const tickSubscribers = () => listeners.size;

/**
 * The time left until `expiresAt` as mm:ss, kept by the shared clock: React renders the element once (its text
 * is written before the first paint); later ticks only rewrite its text, and only when the label changes.
 * Off screen it does not listen at all (a list of hundreds of cards updates only the few in view).
 */
export function Countdown({ expiresAt, ...props }: { expiresAt: string } & HTMLAttributes<HTMLSpanElement>) {
  const ref = useRef<HTMLSpanElement>(null);
  const expiresAtMs = new Date(expiresAt).getTime();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const write = (nowMs: number) => {
      const label = countdownLabel(expiresAtMs, nowMs);
      if (element.textContent !== label) element.textContent = label;
    };
    write(Date.now());
    if (typeof IntersectionObserver === 'undefined') return subscribeTick(write);
    let unsubscribe: (() => void) | null = null;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && !unsubscribe) {
        write(Date.now());
        unsubscribe = subscribeTick(write);
      } else if (!entry?.isIntersecting && unsubscribe) {
        unsubscribe();
        unsubscribe = null;
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      unsubscribe?.();
    };
  }, [expiresAtMs]);
  // No React children: the text belongs to the clock, so a re-render can never fight it.
  return <span ref={ref} data-countdown="" {...props} />;
}

/** True once `expiresAt` has passed: re-renders the caller once, at expiry (one timer), not every second. */
export function useExpired(expiresAt: string): boolean {
  const expiresAtMs = new Date(expiresAt).getTime();
  const [expiredAt, setExpiredAt] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setExpiredAt(expiresAtMs), Math.max(0, expiresAtMs - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAtMs]);
  return expiredAt === expiresAtMs;
}

// The code step, shared: one tick listener for all cards, which hear only when the step turns over.
const stepListeners = new Set<(nowMs: number) => void>();
let stopStepClock: (() => void) | null = null;
let currentStep = 0;

function subscribeStep(listener: (nowMs: number) => void): () => void {
  stepListeners.add(listener);
  if (!stopStepClock) {
    currentStep = codeStepAt(Date.now());
    stopStepClock = subscribeTick((nowMs) => {
      const step = codeStepAt(nowMs);
      if (step === currentStep) return;
      currentStep = step;
      for (const notify of [...stepListeners]) notify(nowMs);
    });
  }
  return () => {
    stepListeners.delete(listener);
    if (!stepListeners.size && stopStepClock) {
      stopStepClock();
      stopStepClock = null;
    }
  };
}

/**
 * The current time, as of the start of the current code step: re-renders the caller (as a transition) only
 * when the step changes (every DEAL_CODE_STEP_SECONDS), which is all a card needs to pick the code it shows.
 */
export function useCodeStepNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => subscribeStep((nowMs) => startTransition(() => setNow(nowMs))), []);
  return now;
}

/**
 * The current time, re-read every `intervalMs` (countdowns). Each tick renders as a transition: a screen
 * full of countdowns re-renders in small slices and never holds up a tap on a slow phone.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => startTransition(() => setNow(Date.now())), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

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
