import { useMutation } from '@tanstack/react-query';
import type { GeocodeMatch } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** GET /api/merchant/locations/geocode?q=: the places the configured geocoder finds for an address, best first. */
export const findAddress = (address: string) =>
  apiJson<GeocodeMatch[]>('GET', `/api/merchant/locations/geocode?${new URLSearchParams({ q: address.trim() })}`);

/** The form's "Find this address": asked on a tap, never cached (the owner edits the address and asks again). */
export const useFindAddress = () => useMutation({ mutationFn: findAddress });
