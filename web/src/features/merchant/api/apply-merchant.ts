import type { MerchantApplyBody, MerchantProfile } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';

const applyMerchant = (body: MerchantApplyBody) => apiJson<MerchantProfile>('POST', '/api/merchant/apply', body);

/** POST /api/merchant/apply: a merchant account without a business applies (starts pending). */
export const useApplyMerchant = (callbacks?: MutationCallbacks<MerchantProfile>) => useApiMutation({ call: applyMerchant }, callbacks);
