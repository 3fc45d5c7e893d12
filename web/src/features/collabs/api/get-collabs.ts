import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Collaboration } from '@shared/contract/index.ts';
import { collabKeys } from './keys';

/**
 * GET /api/collabs: every collaboration of my business. Read afresh each time a tab that shows it
 * opens (the other business may have answered meanwhile); the default key-path query function reads it.
 */
const collabsQueryOptions = () =>
  queryOptions<Collaboration[]>({ queryKey: collabKeys.all, refetchOnMount: 'always' });

export function useCollabs() {
  return useQuery(collabsQueryOptions());
}
