import { z } from 'zod';
import { CHARITY_NAME_MAX } from '../constants.ts';
import { uuid } from './common.ts';

// Charity transparency (issue 17, decision 125): the admin's charities per city, the public totals
// (GET /api/impact) and the monthly statement per charity. Money in cents.

/** GET /api/admin/charities: every charity, retired ones too, with its city and what it received. */
export const adminCharity = z.object({
  id: z.string(),
  cityId: z.string(),
  cityName: z.string(),
  cityState: z.string(),
  cityActive: z.boolean(),
  name: z.string(),
  isDefault: z.boolean(),
  retiredAt: z.string().nullable(),
  memberCount: z.number(),
  totalGivenCents: z.number(),
  createdAt: z.string(),
});
export type AdminCharity = z.infer<typeof adminCharity>;

export const adminCharitiesQuery = z.object({ cityId: uuid.optional() });

const charityName = z.string({ message: 'is required' }).trim().min(1, 'is required')
  .max(CHARITY_NAME_MAX, `must be at most ${CHARITY_NAME_MAX} characters`);
const isDefault = z.boolean({ message: 'must be true or false' });

/** POST /api/admin/charities: a new charity of a city (inactive cities too, to prepare them). */
export const createCharityBody = z.object({
  cityId: z.uuid({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a valid id') }),
  name: charityName,
  isDefault: isDefault.optional().default(false),
});
export type CreateCharityBody = z.input<typeof createCharityBody>;

/** PATCH /api/admin/charities/{id}: rename, make the city's default, retire (true) or restore (false). */
export const updateCharityBody = z.object({
  name: charityName.optional(),
  isDefault: isDefault.optional(),
  retired: z.boolean({ message: 'must be true or false' }).optional(),
}).refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' })
  .refine((b) => !(b.retired === true && b.isDefault === true), { message: 'A retired charity cannot be the default' });
export type UpdateCharityBody = z.input<typeof updateCharityBody>;

/** A calendar month, "YYYY-MM" (UTC). */
export const statementMonth = z.string({ message: 'is required' })
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, 'must be a month like 2026-11');

/** GET /api/admin/charities/{id}/statement?month=YYYY-MM: a CSV file. */
export const statementQuery = z.object({ month: statementMonth });

/** One charity on the public /impact page: names and totals only, nothing about people but a count. */
export const charityImpact = z.object({
  /** 'general-fund' for the general fund (decision 172). */
  id: z.string(),
  /** general-fund: the shares of members with no charity chosen and no city default, held for local charities. */
  kind: z.enum(['charity', 'general-fund']),
  /** False for a charity of a closed city (listed once it received something, so the totals add up). */
  cityActive: z.boolean(),
  name: z.string(),
  cityName: z.string(),
  cityState: z.string(),
  retired: z.boolean(),
  monthCents: z.number(),
  totalCents: z.number(),
  memberCount: z.number(),
});
export type CharityImpact = z.infer<typeof charityImpact>;

/**
 * GET /api/impact: this calendar month (UTC, "YYYY-MM") and all time, net of refunds and lost disputes, per
 * charity of an open city, of a closed city that received shares, and the general fund (decision 172).
 */
export const impactAnswer = z.object({
  month: z.string(),
  monthCents: z.number(),
  totalCents: z.number(),
  charities: z.array(charityImpact),
});
export type ImpactAnswer = z.infer<typeof impactAnswer>;
