import { useMutation } from '@tanstack/react-query';
import type { CardSetupAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** POST /api/subscription/card: a SetupIntent to confirm in the browser. */
export function useStartCardSetup() {
  return useMutation({ mutationFn: () => apiJson<CardSetupAnswer>('POST', '/api/subscription/card') });
}
