import { useMutation } from '@tanstack/react-query';
import type { TestCardConfirmBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** POST /api/test-payments/setup-confirm: the test provider's confirmSetup (402 {message} for a declining card). */
export function useConfirmTestSetup() {
  return useMutation({
    mutationFn: (body: TestCardConfirmBody) => apiJson<{ setupIntent: { id: string } }>('POST', '/api/test-payments/setup-confirm', body),
  });
}
