import { z } from 'zod';
import {
  DEAL_CATEGORIES, DEAL_DESCRIPTION_MAX, DEAL_TITLE_MAX, DEFAULT_DEAL_CATEGORY, DEFAULT_PER_MEMBER_LIMIT, MEMBER_DEAL_FILTERS, PER_MEMBER_LIMITS,
} from '../constants.ts';
import { dealRuleViolation } from '../deal-rules.ts';
import { offerRules, offerRulesInput } from '../offer-rules.ts';
import { businessBadge, ofBusiness, uuid } from './common.ts';
import { ratingSummary } from './reviews.ts';

const DISCOUNT_AMOUNT_MAX_CENTS = 10_000_000;
const MAX_USES_LIMIT = 1_000_000;

/** Empty strings from forms mean "not set". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const title = z.string({ error: 'is required' }).trim().min(1, 'is required')
  .max(DEAL_TITLE_MAX, `must be at most ${DEAL_TITLE_MAX} characters`);
const description = z.string({ error: 'is required' }).trim().min(1, 'is required')
  .max(DEAL_DESCRIPTION_MAX, `must be at most ${DEAL_DESCRIPTION_MAX} characters`);
const discountPercent = z.number({ error: 'must be a whole number from 1 to 100' })
  .int('must be a whole number from 1 to 100').min(1, 'must be a whole number from 1 to 100')
  .max(100, 'must be a whole number from 1 to 100');
/** Cents: the form multiplies dollars by 100 and rounds; at least $0.01. */
const discountAmount = z.number({ error: 'must be an amount in cents of at least 1 ($0.01)' })
  .int('must be a whole number of cents').min(1, 'must be at least 1 cent ($0.01)')
  .max(DISCOUNT_AMOUNT_MAX_CENTS, `must be at most ${DISCOUNT_AMOUNT_MAX_CENTS} cents`);
const category = z.enum(DEAL_CATEGORIES, { error: 'must be one of the deal categories' });
const perMemberLimit = z.enum(PER_MEMBER_LIMITS, { error: `must be one of ${PER_MEMBER_LIMITS.join(', ')}` });
const maxUses = z.number({ error: 'must be a whole number of at least 1' })
  .int('must be a whole number of at least 1').min(1, 'must be at least 1')
  .max(MAX_USES_LIMIT, `must be at most ${MAX_USES_LIMIT}`);

/**
 * A date or an ISO date-time. A bare date means the whole day in UTC: validFrom starts at its
 * first instant, validTo ends at its last. The web form sends local day bounds as date-times.
 */
const dealInstant = (edge: 'start' | 'end') =>
  z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'must be a date or an ISO date-time' })
    .transform((value) => {
      if (value.length > 10) return new Date(value);
      return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
    });

const nullable = <S extends z.ZodType>(schema: S) => z.preprocess(blankToNull, schema.nullable());

/** The locations a deal is limited to (issue 40): ids of the business's locations; empty = every location. */
const locationIds = z.array(uuid, { error: 'must be a list of location ids (empty for every location)' })
  .max(100, 'must list at most 100 locations').transform((ids) => [...new Set(ids)]);

export const createDealBody = z.object({
  title,
  description,
  discountPercent: nullable(discountPercent).optional().transform((v) => v ?? null),
  discountAmount: nullable(discountAmount).optional().transform((v) => v ?? null),
  category: z.preprocess(blankToNull, category.nullish()).transform((v) => v ?? DEFAULT_DEAL_CATEGORY),
  maxUses: nullable(maxUses).optional().transform((v) => v ?? null),
  perMemberLimit: perMemberLimit.optional().default(DEFAULT_PER_MEMBER_LIMIT),
  validFrom: nullable(dealInstant('start')).optional().transform((v) => v ?? null),
  validTo: nullable(dealInstant('end')).optional().transform((v) => v ?? null),
  active: z.boolean({ error: 'must be true or false' }).optional().default(true),
  /** Offer rules (issue 38): days, hours, minimum spend, excluded dates, a note; null or absent = none. */
  rules: offerRulesInput.optional().transform((v) => v ?? null),
  locationIds: locationIds.optional().transform((v) => v ?? []),
}).superRefine((deal, ctx) => {
  const violation = dealRuleViolation({ ...deal, usedCount: 0 });
  if (violation) ctx.addIssue({ code: 'custom', message: violation });
});
export type CreateDealBody = z.input<typeof createDealBody>;

/** PATCH: only the fields sent change; the unused discount kind comes as null; the toggle sends {active}. */
export const updateDealBody = z.object({
  title: title.optional(),
  description: description.optional(),
  discountPercent: nullable(discountPercent).optional(),
  discountAmount: nullable(discountAmount).optional(),
  category: category.optional(),
  maxUses: nullable(maxUses).optional(),
  perMemberLimit: perMemberLimit.optional(),
  validFrom: nullable(dealInstant('start')).optional(),
  validTo: nullable(dealInstant('end')).optional(),
  active: z.boolean({ error: 'must be true or false' }).optional(),
  rules: offerRulesInput.optional(),
  locationIds: locationIds.optional(),
}).refine((patch) => Object.values(patch).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateDealBody = z.input<typeof updateDealBody>;

export const deleteDealQuery = z.object({
  /** "true": remove the deal for good (the confirmed delete); otherwise DELETE deactivates it. */
  permanent: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export const memberDealsQuery = z.object({
  cityId: z.uuid({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a valid id') }),
  category: z.enum(MEMBER_DEAL_FILTERS, { error: 'must be one of the member categories' }).optional().default('all'),
  /** The page after this one (from the previous page's NEXT_CURSOR_HEADER); absent = the first page. */
  cursor: z.string().max(200).optional(),
  /**
   * Near me (decision 209): the member's position, nearest deals first (one page, no cursor). Sent only with this
   * request, never stored or logged; both or neither, and no cursor with them (memberDealsStatement checks).
   */
  latitude: z.coerce.number({ error: 'must be a latitude in degrees' }).min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90').optional(),
  longitude: z.coerce.number({ error: 'must be a longitude in degrees' }).min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180').optional(),
  /** "true": only deals at a location open now (private.location_open_state). */
  openNow: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  /** "true": only deals whose offer rules allow a use now (issue 38). */
  validNow: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export const publicDealsQuery = z.object({
  cityId: uuid.optional(),
  category: z.enum(MEMBER_DEAL_FILTERS, { error: 'must be one of the member categories' }).optional().default('all'),
});

/** What every view of a deal shows (docs/spec.md section 3): its terms and its uses. discountAmount is in cents. */
const dealTerms = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  discountPercent: z.number().nullable(),
  discountAmount: z.number().nullable(),
  usedCount: z.number(),
  maxUses: z.number().nullable(),
  /** Offer rules (issue 38), read in the time zone of the business's city; null = none. */
  rules: offerRules.nullable(),
  /** The rules and the per-member limit as the one sentence shown before a visit (rulesText in _shared/offer-rules.ts). */
  rulesText: z.string(),
});

/** Deal, merchant view (docs/spec.md section 3). A code only while the deal is live. */
const merchantDeal = dealTerms.extend({
  active: z.boolean(),
  currentCode: z.string().nullable(),
  codeExpiresAt: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  perMemberLimit: z.enum(PER_MEMBER_LIMITS),
  /** The locations it is limited to (issue 40); empty: every location of the business. */
  locationIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MerchantDeal = z.infer<typeof merchantDeal>;
export const deleteDealAnswer = z.object({ id: z.string(), deleted: z.boolean(), deal: merchantDeal.nullable() });
export type DeleteDealAnswer = z.infer<typeof deleteDealAnswer>;

/** A deal as members and visitors find it: with the business that offers it. */
const listedDeal = dealTerms.extend(ofBusiness);

/** Deal, member view (docs/spec.md section 3), plus what the member screen filters and links by. */
export const memberDeal = listedDeal.extend({
  merchantCategory: z.string(),
  merchantIsWomenOwned: z.boolean(),
  currentCode: z.string(),
  codeExpiresAt: z.string(),
  validTo: z.string().nullable(),
  /** The business's shown ratings (decision 183). */
  rating: ratingSummary.optional(),
  /**
   * The member list only (decision 209): the location the card stands for (the nearest placed one with a position,
   * else the first open one, else the first), its pin, how far it is (metres, with a position and a pin) and whether
   * it is open now with the words the card shows ("Open now · closes 18:00"); null when no hours are published.
   */
  location: z.object({
    id: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    distanceMeters: z.number().nullable(),
    openNow: z.boolean().nullable(),
    openText: z.string().nullable(),
  }).nullable().optional(),
});
export type MemberDeal = z.infer<typeof memberDeal>;

/** Deal, public view (docs/spec.md section 3): no code. */
export const publicDeal = listedDeal.extend({
  discountPercentage: z.number().nullable(),
  validUntil: z.string().nullable(),
  merchant: businessBadge.extend({
    businessName: z.string(),
    category: z.string(),
    city: z.object({ id: z.string(), name: z.string(), state: z.string() }).nullable(),
  }),
});
export type PublicDeal = z.infer<typeof publicDeal>;

export const MEMBERSHIP_REQUIRED_MESSAGE = 'An active membership is required to see deals. Subscribe to access deals & community.';
