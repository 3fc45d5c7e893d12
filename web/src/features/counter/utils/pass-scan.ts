// What the counter does with a scanned member pass before and after asking the server (decision 167).
import type { RedemptionRefusal } from '@shared/contract/index.ts';
import { parsePass } from '@shared/member-pass.ts';
import { ApiError } from '@/lib/api-error';
import { clockTime, dayAndTime } from '@/lib/dates';

/** The same pass text seen again within this long (since it was last seen) is not sent again. */
export const SCAN_REPEAT_MS = 4000;

/**
 * The pass text a camera or a keyboard-wedge scanner gave: without the spaces, tabs and line ends a scanner
 * may add around it (a pass has none inside).
 */
export const scannedText = (raw: string) => raw.replace(/\s+/g, '');

/** Whether the text is a Pay Local member pass at all (a foreign QR is refused without asking the server). */
export const isMemberPass = (text: string) => parsePass(text) !== null;

/**
 * A guard against sending one pass twice: a camera decodes the QR held in front of it several times a second,
 * and a scanner's trigger can be pressed twice. `accept(text, nowMs)` is true the first time a text is seen and
 * again only once it has not been seen for `windowMs` (each sighting restarts the wait, so a pass left in front
 * of the camera is sent once).
 */
export function createRepeatGuard(windowMs = SCAN_REPEAT_MS) {
  const lastSeen = new Map<string, number>();
  return {
    accept(text: string, nowMs = Date.now()): boolean {
      for (const [seen, at] of lastSeen) if (nowMs - at >= windowMs) lastSeen.delete(seen);
      const fresh = !lastSeen.has(text);
      lastSeen.set(text, nowMs);
      return fresh;
    },
    /** Forget a text (its request failed without an answer: the next sighting may send it again). */
    forget(text: string) {
      lastSeen.delete(text);
    },
  };
}

/** A refusal from verify-pass as the counter shows it: the server's words and, for a per-member limit, when. */
export interface ScanRefusal {
  message: string;
  availableAt: string | null;
}

/** The refusal an error carries ({message, availableAt?} in the body), or the error's own words. */
export function scanRefusalOf(error: unknown, fallback: string): ScanRefusal {
  if (error instanceof ApiError) {
    let availableAt: string | null = null;
    try {
      const body = JSON.parse(error.body) as Partial<RedemptionRefusal> | null;
      if (typeof body?.availableAt === 'string' && Number.isFinite(Date.parse(body.availableAt))) availableAt = body.availableAt;
    } catch {
      // Not JSON: the message is all there is.
    }
    // The server's message ends with the time in the business's zone; the counter writes it in its own below.
    const message = error.serverMessage ?? fallback;
    return { message: availableAt ? message.replace(/: it works again for them (at|on) .*$/, '.') : message, availableAt };
  }
  return { message: error instanceof Error && error.message ? error.message : fallback, availableAt: null };
}

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "Available again at 3:41 PM" today, "Available again on Mar 5, 3:41 PM" on a later day (the tablet's time zone). */
export function availableAgainLabel(availableAt: string, nowMs: number): string {
  const when = new Date(availableAt);
  return sameLocalDay(when, new Date(nowMs)) ? `Available again at ${clockTime(when)}` : `Available again on ${dayAndTime(when)}`;
}
