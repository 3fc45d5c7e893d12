import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowStatus } from '@shared/contract/index.ts';
import { followKeys } from './keys';

/** GET /api/businesses/{id}/follow-status */
const followStatusQueryOptions = (businessId: string) =>
  queryOptions<FollowStatus>({ queryKey: followKeys.status(businessId) });

export const useFollowStatus = (businessId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...followStatusQueryOptions(businessId), enabled });
