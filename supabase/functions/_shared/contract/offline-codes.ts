import { z } from 'zod';
import { uuid } from './common.ts';
import { offerRules } from '../offer-rules.ts';

/** What one deal's codes need offline: window keys (base64url, 32 bytes) and loose step codes. */
export const offlineDealCodes = z.object({
  dealId: z.string(),
  /** No code can be shown from this instant on (cover end, membership end or the deal's own end). */
  validUntil: z.string(),
  windowKeys: z.array(z.object({ window: z.number(), key: z.string() })),
  stepCodes: z.array(z.object({ step: z.number(), code: z.string() })),
  /** The counter's cover only: the deal's offer rules and their sentence, for checking them offline (issue 38). */
  rules: offerRules.nullable().optional(),
  rulesText: z.string().optional(),
});
export type OfflineDealCodes = z.infer<typeof offlineDealCodes>;

/**
 * GET /api/deals/offline-codes?cityId= (member, active membership) and
 * GET /api/merchant/deals/offline-codes (approved merchant, own live deals). Decision 060.
 */
export const offlineCodesAnswer = z.object({
  issuedAt: z.string(),
  /** The end of the whole cover: issuedAt + 12 hours, or the end of the membership if sooner. */
  validUntil: z.string(),
  stepSeconds: z.number(),
  windowSteps: z.number(),
  /** The counter's cover only: the time zone of the business's city, which the deals' rules are read in. */
  timeZone: z.string().optional(),
  deals: z.array(offlineDealCodes),
});
export type OfflineCodesAnswer = z.infer<typeof offlineCodesAnswer>;

export const memberOfflineCodesQuery = z.object({
  cityId: uuid,
});
