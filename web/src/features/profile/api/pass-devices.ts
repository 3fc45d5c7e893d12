import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { PassDevicesAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';

const passDevicesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/member/pass-devices'] as const,
    queryFn: () => apiJson<PassDevicesAnswer>('GET', '/api/member/pass-devices'),
  });

/** GET /api/member/pass-devices: the devices that show this member's pass (at most 3, decision 190). */
export const usePassDevices = () => useQuery(passDevicesQueryOptions());

const removePassDevice = (id: string) => apiJson<PassDevicesAnswer>('DELETE', `/api/member/pass-devices/${encodeURIComponent(id)}`);

const afterRemove = (queryClient: QueryClient, answer: PassDevicesAnswer) =>
  queryClient.setQueryData(passDevicesQueryOptions().queryKey, answer);

/** DELETE /api/member/pass-devices/{id}: that device stops showing a working personal code. */
export const useRemovePassDevice = () => useApiMutation({ call: removePassDevice, refresh: afterRemove });
