import { useMutation } from '@tanstack/react-query';
import type { DealRedemption, VerifyCodeBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type Callbacks, useRefreshCounter, useSetUsedCount } from './counter-cache';

/** POST /api/merchant/verify-code {code, memberNumber?, dealId?} */
export function useVerifyCode({ onSuccess, onError }: Callbacks<DealRedemption> = {}) {
  const refresh = useRefreshCounter();
  const setUsed = useSetUsedCount();
  return useMutation({
    mutationFn: (body: VerifyCodeBody) => apiJson<DealRedemption>('POST', '/api/merchant/verify-code', body),
    onSuccess: (answer) => {
      setUsed(answer.dealId, answer.usedCount);
      refresh();
      onSuccess?.(answer);
    },
    onError,
  });
}
