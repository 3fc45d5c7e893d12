import { z } from 'zod';
import { sessionUser } from './auth.ts';
import { canonicalTimeZone } from '../offer-rules.ts';

/** GET /api/admin/metrics: money and points in cents (1 point = 1 cent). */
export const adminMetrics = z.object({
  totalUsers: z.number(),
  activeMerchants: z.number(),
  totalVolume: z.number(),
  pointsOutstanding: z.number(),
});
export type AdminMetrics = z.infer<typeof adminMetrics>;

const ADMIN_USERS_PAGE_MAX = 200;

export const adminUsersQuery = z.object({
  search: z.string().trim().max(100, 'must be at most 100 characters').optional().default(''),
  limit: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1')
    .max(ADMIN_USERS_PAGE_MAX, `must be at most ${ADMIN_USERS_PAGE_MAX}`).optional().default(100),
  offset: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0')
    .optional().default(0),
});

/** A row of the admin's user list: the account as its session shows it, without the session's extras. */
const adminUser = sessionUser.pick({ id: true, name: true, email: true, role: true, subscriptionStatus: true, createdAt: true });
export type AdminUser = z.infer<typeof adminUser>;
/** Newest first; total counts every user matching the search. */
export const adminUsersAnswer = z.object({ users: z.array(adminUser), total: z.number() });
export type AdminUsersAnswer = z.infer<typeof adminUsersAnswer>;

export const adminCity = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** The IANA zone its businesses' deal rules are read in (issue 38). */
  timeZone: z.string(),
  createdAt: z.string(),
  merchantCount: z.number(),
  memberCount: z.number(),
});
export type AdminCity = z.infer<typeof adminCity>;

const required = (max: number) =>
  z.string({ message: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const description = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z.string().max(1000, 'must be at most 1000 characters').nullish(),
);

/** An IANA time zone this runtime knows, e.g. America/Denver. */
const timeZone = z.string({ message: 'must be an IANA time zone, e.g. America/Denver' }).trim()
  .refine((zone) => canonicalTimeZone(zone) !== null, 'must be an IANA time zone, e.g. America/Denver')
  .transform((zone) => canonicalTimeZone(zone)!);

export const createCityBody = z.object({
  name: required(100),
  state: required(100),
  description: description.transform((v) => v ?? null),
  timeZone: timeZone.optional(),
});
export type CreateCityBody = z.input<typeof createCityBody>;

/** Any of the fields; at least one. */
export const updateCityBody = z.object({
  name: required(100).optional(),
  state: required(100).optional(),
  description,
  active: z.boolean({ message: 'must be true or false' }).optional(),
  timeZone: timeZone.optional(),
}).refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateCityBody = z.input<typeof updateCityBody>;

/** Answer of the admin DELETE calls. */
export const deletedAnswer = z.object({ success: z.literal(true), message: z.string() });
export type DeletedAnswer = z.infer<typeof deletedAnswer>;
