// The owner's address lookup (issue 40): through the configured geocoder only; without one, the owner is told to
// type the coordinates (decision 208).
import { GEOCODER_OFF_MESSAGE, type GeocodeMatch } from '../../_shared/contract/locations.ts';
import { DomainError } from '../domain-error.ts';
import type { Services } from '../services.ts';

export async function geocodeAddress({ geocoder }: Pick<Services, 'geocoder'>, query: string): Promise<GeocodeMatch[]> {
  if (!geocoder) throw new DomainError('not-found', GEOCODER_OFF_MESSAGE);
  try {
    return await geocoder.search(query);
  } catch {
    throw new DomainError('provider-failed', 'The address lookup did not answer: try again, or type the coordinates.');
  }
}
