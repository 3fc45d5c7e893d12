import { z } from 'zod';
import { BUSINESS_CATEGORIES, BUSINESS_SEARCH_LIMIT, COLLAB_LIMITS, COLLAB_STATUSES } from '../constants.ts';
import { businessBadge, uuid } from './common.ts';

/** "" and "all" (the "All categories" / "All cities" choices) mean no filter. */
const noFilter = (v: unknown) => (v === '' || v === 'all' ? undefined : v);

export const businessSearchQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional().default(''),
  category: z.preprocess(noFilter, z.enum(BUSINESS_CATEGORIES, { message: 'must be one of the business categories' }).optional()),
  city: z.preprocess(noFilter, z.uuid({ message: 'must be a valid city id' }).optional()),
  limit: z.coerce.number({ message: 'must be a number' }).int('must be a whole number')
    .min(1, 'must be at least 1').max(BUSINESS_SEARCH_LIMIT, `must be at most ${BUSINESS_SEARCH_LIMIT}`)
    .optional().default(BUSINESS_SEARCH_LIMIT),
  /** The previous page's `nextCursor` (decision 206: a keyset, not an offset). */
  cursor: z.string().max(500, 'must be the nextCursor of the previous page').optional(),
});

/** A search result (docs/spec.md section 3, Business). */
export const business = businessBadge.extend({
  city: z.string().nullable(),
  state: z.string().nullable(),
  businessType: z.string().nullable(),
  category: z.enum(BUSINESS_CATEGORIES),
  isVerified: z.boolean(),
});
export type Business = z.infer<typeof business>;

/**
 * GET /api/businesses/search: one page (decision 206), names starting with the words and word matches before parts
 * of words and misspellings, the caller's city first within each. `nextCursor` (opaque) gives the next page, null
 * on the last. On the wire: the list of businesses, the cursor in the X-Next-Cursor header (the spec's answer is a list).
 */
export const businessSearchAnswer = z.object({ businesses: z.array(business), nextCursor: z.string().nullable() });
export type BusinessSearchAnswer = z.infer<typeof businessSearchAnswer>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'must be a real date');
const blankToNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : v);
const label = z.string({ message: 'is required' }).trim().min(1, 'is required')
  .max(COLLAB_LIMITS.labelMax, `must be at most ${COLLAB_LIMITS.labelMax} characters`);
const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().max(max, `must be at most ${max} characters`).nullish()).transform((v) => v ?? null);

export const collaborationRequestBody = z.object({
  recipientBusinessId: uuid,
  requesterDiscountLabel: label,
  recipientDiscountLabel: label,
  startDate: isoDate,
  endDate: z.preprocess(blankToNull, isoDate.nullish()).transform((v) => v ?? null),
  exclusionsText: optionalText(COLLAB_LIMITS.exclusionsMax),
  message: optionalText(COLLAB_LIMITS.messageMax),
}).refine((b) => b.endDate === null || b.endDate >= b.startDate, {
  path: ['endDate'], message: 'must not be before the start date',
});
export type CollaborationRequestBody = z.input<typeof collaborationRequestBody>;

/** docs/spec.md section 3, Collaboration; plus which side the caller is on and, once accepted, the partner's email. */
export const collaboration = z.object({
  id: z.string(),
  status: z.enum(COLLAB_STATUSES),
  requesterBusiness: businessBadge,
  recipientBusiness: businessBadge,
  requesterDiscountLabel: z.string(),
  recipientDiscountLabel: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  exclusionsText: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  direction: z.enum(['sent', 'received']),
  partnerEmail: z.string().nullable(),
});
export type Collaboration = z.infer<typeof collaboration>;

export const collaborationsQuery = z.object({
  status: z.preprocess(noFilter, z.enum(COLLAB_STATUSES, { message: 'must be PENDING, ACCEPTED, DENIED or CANCELLED' }).optional()),
});
