import { useMutation } from '@tanstack/react-query';
import type { MerchantApplyBody, MerchantProfile } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** POST /api/merchant/apply: a merchant account without a business applies (starts pending). */
export function useApplyMerchant({ onSuccess, onError }: { onSuccess?: (merchant: MerchantProfile) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: (body: MerchantApplyBody) => apiJson<MerchantProfile>('POST', '/api/merchant/apply', body),
    onSuccess,
    onError,
  });
}
