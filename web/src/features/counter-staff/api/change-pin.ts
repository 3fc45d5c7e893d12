import { useMutation } from '@tanstack/react-query';
import type { ChangePinBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** PUT /api/counter/pin {password, pin}: the signed-in staff member's new PIN. */
export function useChangePin({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: (body: ChangePinBody) => apiJson<{ success: boolean }>('PUT', '/api/counter/pin', body),
    onSuccess,
    onError,
  });
}
