// A deal's offer rules (issue 38): the days, hours, minimum spend and excluded dates a deal holds to, read in the
// time zone of its business's city. One module for every reader: the contract validates them, the API writes
// the sentence members read before a visit (rulesText), and the counter's tablet checks them offline with the
// same evaluator the server's SQL rule mirrors (private.offer_rules_refusal in supabase/schemas/counter.sql;
// api/counter/offer-rules.test.ts runs both on the same cases, words included).
import { z } from 'zod';
import { PER_MEMBER_LIMIT_LABELS, type PerMemberLimit } from './constants.ts';
import { isoDay } from './iso-dates.ts';
import { formatUsd } from './money.ts';

export const OFFER_RULES_NOTE_MAX = 200;
const EXCLUDED_DATES_MAX = 60;
const MIN_SPEND_MAX_CENTS = 10_000_000;
const DAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const DAY_LONG = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_MS = 86_400_000;

const hhmm = z.string({ error: 'must be a time written HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM (00:00 to 23:59)');
const isoDate = z.iso.date({ error: 'must be a date written YYYY-MM-DD' });

/**
 * The stored and answered shape: every key present, null (or []) when the rule is not set. Weekdays are ISO
 * (1 = Monday … 7 = Sunday); a window whose endTime is before its startTime runs past midnight and belongs to the
 * day it starts on.
 */
export interface OfferRules {
  weekdays: number[] | null;
  startTime: string | null;
  endTime: string | null;
  minSpendCents: number | null;
  excludedDates: string[];
  note: string | null;
}

/** `rules` in a deal's create or PATCH body: null (or an object whose rules are all empty) clears them. */
export const offerRulesInput = z.strictObject({
  weekdays: z.array(z.number({ error: 'must be ISO weekdays, 1 (Monday) to 7 (Sunday)' })
    .int('must be ISO weekdays, 1 (Monday) to 7 (Sunday)').min(1, 'must be ISO weekdays, 1 (Monday) to 7 (Sunday)')
    .max(7, 'must be ISO weekdays, 1 (Monday) to 7 (Sunday)'), { error: 'must be a list of ISO weekdays' })
    .min(1, 'must name at least one day (leave it out for every day)').nullish(),
  startTime: hhmm.nullish(),
  endTime: hhmm.nullish(),
  minSpendCents: z.number({ error: 'must be an amount in cents' }).int('must be a whole number of cents')
    .min(1, 'must be at least 1 cent').max(MIN_SPEND_MAX_CENTS, `must be at most ${MIN_SPEND_MAX_CENTS} cents`).nullish(),
  excludedDates: z.array(isoDate, { error: 'must be a list of dates written YYYY-MM-DD' })
    .max(EXCLUDED_DATES_MAX, `must list at most ${EXCLUDED_DATES_MAX} dates`).nullish(),
  note: z.string({ error: 'must be text' }).trim().max(OFFER_RULES_NOTE_MAX, `must be at most ${OFFER_RULES_NOTE_MAX} characters`).nullish(),
}, {
  error: (issue) => (issue.code === 'unrecognized_keys'
    ? 'has an unknown field: the rules are weekdays, startTime, endTime, minSpendCents, excludedDates and note'
    : 'must be an object of offer rules, or null'),
})
  .superRefine((rules, ctx) => {
    const hasStart = rules.startTime != null;
    if (hasStart !== (rules.endTime != null)) {
      ctx.addIssue({ code: 'custom', path: [hasStart ? 'endTime' : 'startTime'], message: 'is required with the other end of the time window' });
    } else if (hasStart && rules.startTime === rules.endTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must differ from the start time (leave both out for the whole day)' });
    }
  })
  .transform(normalizeOfferRules)
  .nullable();

/** The rules as stored: days and dates sorted and unique, empty values as null; no rule at all is null. */
export function normalizeOfferRules(rules: Partial<Record<keyof OfferRules, unknown>>): OfferRules | null {
  const weekdays = Array.isArray(rules.weekdays) ? [...new Set(rules.weekdays as number[])].sort((a, b) => a - b) : null;
  const excludedDates = Array.isArray(rules.excludedDates) ? [...new Set(rules.excludedDates as string[])].sort() : [];
  const note = typeof rules.note === 'string' && rules.note.trim() !== '' ? rules.note.trim() : null;
  const normal: OfferRules = {
    weekdays: weekdays && weekdays.length < 7 ? weekdays : null,
    startTime: (rules.startTime as string | null | undefined) ?? null,
    endTime: (rules.endTime as string | null | undefined) ?? null,
    minSpendCents: (rules.minSpendCents as number | null | undefined) ?? null,
    excludedDates,
    note,
  };
  const empty = !normal.weekdays && !normal.startTime && normal.minSpendCents === null && normal.excludedDates.length === 0 && !normal.note;
  return empty ? null : normal;
}

/** The rules as answered (what every deal answer carries). */
export const offerRules = z.object({
  weekdays: z.array(z.number()).nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  minSpendCents: z.number().nullable(),
  excludedDates: z.array(z.string()),
  note: z.string().nullable(),
});

// ---------------------------------------------------------------- the sentence

/** [1,2,3,4] → "Mon–Thu"; [1,3,5] → "Mon, Wed, Fri"; [6,7] → "Sat, Sun" (runs of three or more as a range). */
export function weekdaysText(weekdays: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < weekdays.length;) {
    let j = i;
    while (j + 1 < weekdays.length && weekdays[j + 1] === weekdays[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${DAY_SHORT[weekdays[i]! - 1]}–${DAY_SHORT[weekdays[j]! - 1]}`);
    else for (let k = i; k <= j; k++) parts.push(DAY_SHORT[weekdays[k]! - 1]!);
    i = j + 1;
  }
  return parts.join(', ');
}

const dayNumber = (isoDay: string) => Date.UTC(+isoDay.slice(0, 4), +isoDay.slice(5, 7) - 1, +isoDay.slice(8, 10)) / DAY_MS;
/** "2026-12-24" → "Dec 24". */
const monthDay = (isoDay: string) => `${MONTHS[+isoDay.slice(5, 7) - 1]} ${+isoDay.slice(8, 10)}`;

/** Consecutive dates as ranges: ["2026-12-24", "2026-12-25", "2026-12-26", "2027-01-01"] → "Dec 24–26, Jan 1". */
export function excludedDatesText(dates: readonly string[]): string {
  const parts: string[] = [];
  for (let i = 0; i < dates.length;) {
    let j = i;
    while (j + 1 < dates.length && dayNumber(dates[j + 1]!) === dayNumber(dates[j]!) + 1) j++;
    const first = dates[i]!;
    const last = dates[j]!;
    if (i === j) parts.push(monthDay(first));
    else if (first.slice(0, 7) === last.slice(0, 7)) parts.push(`${monthDay(first)}–${+last.slice(8, 10)}`);
    else parts.push(`${monthDay(first)}–${monthDay(last)}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** When the deal holds: "Mon–Thu, 11:00–15:00", "Mon–Thu", "11:00–15:00", or '' for any time. */
function scheduleText(rules: Pick<OfferRules, 'weekdays' | 'startTime' | 'endTime'>): string {
  const days = rules.weekdays ? weekdaysText(rules.weekdays) : '';
  const hours = rules.startTime && rules.endTime ? `${rules.startTime}–${rules.endTime}` : '';
  return [days, hours].filter(Boolean).join(', ');
}

/**
 * The rules and the per-member limit as the one sentence members read before a visit, e.g.
 * "Mon–Thu, 11:00–15:00 · spend $20 or more · not Dec 24–26 · once a week per member · Dine-in only".
 */
export function rulesText(rules: OfferRules | null, perMemberLimit: PerMemberLimit): string {
  const limit = PER_MEMBER_LIMIT_LABELS[perMemberLimit];
  const parts = [
    rules ? scheduleText(rules) : '',
    rules?.minSpendCents ? `spend ${formatUsd(rules.minSpendCents)} or more` : '',
    rules?.excludedDates.length ? `not ${excludedDatesText(rules.excludedDates)}` : '',
    limit.charAt(0).toLowerCase() + limit.slice(1),
    rules?.note ?? '',
  ];
  const sentence = parts.filter(Boolean).join(' · ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

// ---------------------------------------------------------------- local time in a zone

interface LocalTime { year: number; month: number; day: number; hour: number; minute: number; second: number }

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** An IANA zone this runtime knows, spelled as Intl spells it ("america/denver" -> "America/Denver"), else null. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone)) return null;
  try {
    return formatterOf(timeZone).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function localTimeAt(atMs: number, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(atMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at `atMs` (local = UTC + offset), in ms. */
function offsetAt(atMs: number, timeZone: string): number {
  const t = localTimeAt(atMs, timeZone);
  const whole = Math.floor(atMs / 1000) * 1000;
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - whole;
}

/**
 * The instant of a wall-clock time in a zone, as PostgreSQL reads `timestamp at time zone`: a time that happens
 * twice (autumn) is the later one, standard time; a time that never happens (spring) is read in the offset before
 * the change (02:30 on 2026-03-08 in Denver is 03:30 MDT).
 */
function instantOf(dayNo: number, minutes: number, timeZone: string): number {
  const wall = dayNo * DAY_MS + minutes * 60_000;
  const before = offsetAt(wall - 12 * 3_600_000, timeZone);
  const after = offsetAt(wall + 12 * 3_600_000, timeZone);
  const candidates = [wall - before, wall - after].filter((t, i) => offsetAt(t, timeZone) === (i === 0 ? before : after));
  return candidates.length ? Math.max(...candidates) : wall - before;
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** ISO weekday (1 = Monday) of a day number (days since 1970-01-01, a Thursday). */
const isoWeekday = (dayNo: number) => ((((dayNo + 3) % 7) + 7) % 7) + 1;
const isoDayOf = (dayNo: number) => isoDay(new Date(dayNo * DAY_MS));

/** "Friday 27 Nov, 15:02": a local time in words (the counter's refusals; SQL writes the same). */
function localTimeWords(atMs: number, timeZone: string): string {
  const t = localTimeAt(atMs, timeZone);
  const dayNo = Date.UTC(t.year, t.month - 1, t.day) / DAY_MS;
  return `${DAY_LONG[isoWeekday(dayNo) - 1]} ${t.day} ${MONTHS[t.month - 1]}, ${pad(t.hour)}:${pad(t.minute)}`;
}

// ---------------------------------------------------------------- the evaluator

/** Which rule refused: the hours, the days, an excluded date (the minimum spend is minSpendRefusal's). */
type OfferRule = 'hours' | 'weekdays' | 'excludedDates';
type OfferRulesCheck =
  | { ok: true }
  | { ok: false; rule: OfferRule; message: string; availableAt: string | null };

/** How far ahead the next valid moment is looked for (a year of excluded dates is not a rule anyone writes). */
const LOOKAHEAD_DAYS = 370;

/**
 * Whether a deal's rules allow a use at `atMs` in the business's `timeZone`: ok, or the rule that refuses with
 * words naming it and the local time now, and the next moment the rules allow (null when none within a year).
 */
export function checkOfferRules(rules: OfferRules | null, atMs: number, timeZone: string): OfferRulesCheck {
  if (!rules || (!rules.weekdays && !rules.startTime && rules.excludedDates.length === 0)) return { ok: true };
  const now = localTimeAt(atMs, timeZone);
  const today = Date.UTC(now.year, now.month - 1, now.day) / DAY_MS;
  const minute = now.hour * 60 + now.minute;
  const start = rules.startTime ? minutesOf(rules.startTime) : 0;
  const end = rules.endTime ? minutesOf(rules.endTime) : 24 * 60;
  // The day whose window holds this moment: a window past midnight belongs to the day it started on.
  let day: number | null = null;
  if (start < end) day = minute >= start && minute < end ? today : null;
  else if (minute >= start) day = today;
  else if (minute < end) day = today - 1;
  const excluded = new Set(rules.excludedDates);
  const dayAllowed = (d: number) => (!rules.weekdays || rules.weekdays.includes(isoWeekday(d))) && !excluded.has(isoDayOf(d));

  let rule: OfferRule;
  let words: string;
  if (day === null) {
    rule = 'hours';
    words = `This deal is valid ${rules.startTime}–${rules.endTime} only`;
  } else if (rules.weekdays && !rules.weekdays.includes(isoWeekday(day))) {
    rule = 'weekdays';
    words = `This deal is valid ${weekdaysText(rules.weekdays)} only`;
  } else if (excluded.has(isoDayOf(day))) {
    rule = 'excludedDates';
    words = `This deal is not valid on ${monthDay(isoDayOf(day))}`;
  } else {
    return { ok: true };
  }

  let availableAt: string | null = null;
  for (let d = today; d <= today + LOOKAHEAD_DAYS; d++) {
    if (!dayAllowed(d)) continue;
    const opens = instantOf(d, start, timeZone);
    if (opens > atMs) {
      availableAt = new Date(opens).toISOString();
      break;
    }
  }
  return { ok: false, rule, message: `${words}. It is now ${localTimeWords(atMs, timeZone)} here.`, availableAt };
}

/** The minimum spend: null when met (or none), else why not; `amountCents` null when the counter sent none. */
export function minSpendRefusal(rules: OfferRules | null, amountCents: number | null | undefined): string | null {
  if (!rules?.minSpendCents) return null;
  if (amountCents == null) return `Enter the purchase amount: this deal needs a spend of ${formatUsd(rules.minSpendCents)} or more`;
  if (amountCents < rules.minSpendCents) {
    return `This deal needs a spend of ${formatUsd(rules.minSpendCents)} or more: this purchase is ${formatUsd(amountCents)}`;
  }
  return null;
}
