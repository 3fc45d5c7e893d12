import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CounterDeviceAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';
import { staffKeys } from './staff-keys';

/** GET /api/counter/device: the paired tablet's business and staff; null when this device is not paired (404). */
async function fetchCounterDevice(): Promise<CounterDeviceAnswer | null> {
  try {
    return await apiJson<CounterDeviceAnswer>('GET', staffKeys.device[0]);
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

const counterDeviceQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.device, queryFn: fetchCounterDevice, staleTime: 0, refetchOnMount: 'always', retry: false });

export function useCounterDevice() {
  return useQuery(counterDeviceQueryOptions());
}
