import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CounterDevice } from '@shared/contract/index.ts';
import { staffKeys } from './staff-keys';

/** GET /api/merchant/counter-devices: the tablets paired as this business's counter. */
const counterDevicesQueryOptions = () => queryOptions<CounterDevice[]>({ queryKey: staffKeys.devices, staleTime: 0 });

export function useCounterDevices() {
  return useQuery(counterDevicesQueryOptions());
}
