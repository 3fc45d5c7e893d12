import type { TestCardConfirmBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';

const confirmTestSetup = (body: TestCardConfirmBody) => apiJson<{ setupIntent: { id: string } }>('POST', '/api/test-payments/setup-confirm', body);

/** POST /api/test-payments/setup-confirm: the test provider's confirmSetup (402 {message} for a declining card). */
export const useConfirmTestSetup = () => useApiMutation({ call: confirmTestSetup });
