import type { CollabStatus } from '@shared/constants.ts';

export type StatusBadgeVariant = 'secondary' | 'default' | 'destructive' | 'outline';

const BADGES: Record<CollabStatus, StatusBadgeVariant> = {
  PENDING: 'secondary',
  ACCEPTED: 'default',
  DENIED: 'destructive',
  CANCELLED: 'outline',
};

/** docs/spec.md section 4: pending secondary, accepted default, denied destructive, cancelled outline; unknown shows as pending. */
export function collabStatusBadge(status: string): { variant: StatusBadgeVariant; label: string } {
  const known = (status in BADGES ? status : 'PENDING') as CollabStatus;
  return { variant: BADGES[known], label: known.charAt(0) + known.slice(1).toLowerCase() };
}
