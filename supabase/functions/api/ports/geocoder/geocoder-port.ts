// An address lookup (issue 40, decision 208): only through a configured provider; none by default, and nothing
// else depends on it (the owner can always type coordinates).
import type { GeocodeMatch } from '../../../_shared/contract/locations.ts';

export interface Geocoder {
  /** Up to 5 places matching the address text, best first; throws when the provider cannot answer. */
  search(query: string): Promise<GeocodeMatch[]>;
}
