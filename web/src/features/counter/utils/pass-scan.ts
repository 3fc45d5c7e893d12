// What the counter does with a scanned member pass before and after asking the server (decision 167).
import { parseMemberNumber, type MemberNumber, type RedemptionRefusal } from '@shared/contract/index.ts';
import { parsePass } from '@shared/member-pass.ts';
import { parseWalletCode } from '@shared/member-pass.ts';
import { ApiError } from '@/lib/api-error';

/** The same pass text seen again within this long (since it was last seen) is not sent again. */
export const SCAN_REPEAT_MS = 4000;

/**
 * The pass text a camera or a keyboard-wedge scanner gave: without the spaces, tabs and line ends a scanner
 * may add around it (a pass has none inside).
 */
export const scannedText = (raw: string) => raw.replace(/\s+/g, '');

/**
 * Whether the text is a Pay Local member pass at all: the app's pass or a Google Wallet pass's rotating code
 * (decision 207). A foreign QR is refused without asking the server.
 */
export const isMemberPass = (text: string) => parsePass(text) !== null || parseWalletCode(text) !== null;

/**
 * The member number an Apple Wallet pass's QR holds (its digits and nothing else, decision 207), or null. It only
 * names the member: the counter fills it in and asks for the personal code, and never sends it alone.
 */
export const scannedMemberNumber = (text: string): MemberNumber | null => (/^\d+$/.test(text) ? parseMemberNumber(text) : null);

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

/** One formatter per time zone: the weekday, day, month and time of a moment where the business is. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneParts(when: Date, timeZone: string | undefined): Record<string, string> {
  const key = timeZone ?? '';
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, weekday: 'long', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true,
    });
    zoneFormats.set(key, format);
  }
  return Object.fromEntries(format.formatToParts(when).map((part) => [part.type, part.value]));
}

/**
 * When a refused deal works again for the member, in the business's time zone (its city's; the tablet's own when
 * unknown): "Available again today, 3:41 PM", else "Available again Saturday 5 Dec, 5:08 AM". Staff read it to the
 * member at the till, so it is the shop's clock, whatever the tablet is set to.
 */
export function availableAgainLabel(availableAt: string, nowMs: number, timeZone?: string): string {
  const when = zoneParts(new Date(availableAt), timeZone);
  const now = zoneParts(new Date(nowMs), timeZone);
  const time = `${when.hour}:${when.minute} ${when.dayPeriod}`;
  const today = when.year === now.year && when.month === now.month && when.day === now.day;
  return today ? `Available again today, ${time}` : `Available again ${when.weekday} ${when.day} ${when.month}, ${time}`;
}
