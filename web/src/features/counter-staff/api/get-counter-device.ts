import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CounterDeviceAnswer } from '@shared/contract/index.ts';
import { apiJsonOrNullWhenMissing } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** GET /api/counter/device: the paired tablet's business and staff; null when this device is not paired (404). */
const fetchCounterDevice = () => apiJsonOrNullWhenMissing<CounterDeviceAnswer>(staffKeys.device[0]);

const counterDeviceQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.device, queryFn: fetchCounterDevice, staleTime: 0, refetchOnMount: 'always', retry: false });

export function useCounterDevice() {
  return useQuery(counterDeviceQueryOptions());
}
