import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SignedInDevices } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { authKeys } from '@/lib/auth/get-me';

const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/sessions'] as const,
    queryFn: () => apiJson<SignedInDevices>('GET', '/api/auth/sessions'),
  });

/** GET /api/auth/sessions: this account's signed-in devices (decision 176). */
export const useSignedInDevices = () => useQuery(sessionsQueryOptions());

const endSession = (id: string) => apiJson<{ success: boolean; current: boolean }>('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);

const afterEndSession = (queryClient: QueryClient, answer: { current: boolean }) => {
  // This device after all (another tab listed it as not current): signed out here. Only the session goes:
  // writes waiting in the outbox stay for the next sign-in (they are kept per user).
  if (answer.current) queryClient.setQueryData(authKeys.me, null);
  void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
};

/** DELETE /api/auth/sessions/{id}: signs one other device out (this one signs out through the usual Sign out). */
export const useEndSession = () => useApiMutation({ call: endSession, refresh: afterEndSession });
