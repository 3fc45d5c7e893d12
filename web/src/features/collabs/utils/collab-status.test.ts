import { describe, expect, it } from 'vitest';
import { collabStatusBadge } from './collab-status';

describe('collabStatusBadge', () => {
  it('maps each status to its badge style', () => {
    expect(collabStatusBadge('PENDING')).toEqual({ variant: 'secondary', label: 'Pending' });
    expect(collabStatusBadge('ACCEPTED')).toEqual({ variant: 'default', label: 'Accepted' });
    expect(collabStatusBadge('DENIED')).toEqual({ variant: 'destructive', label: 'Denied' });
    expect(collabStatusBadge('CANCELLED')).toEqual({ variant: 'outline', label: 'Cancelled' });
  });

  it('shows an unknown status as pending', () => {
    expect(collabStatusBadge('ARCHIVED')).toEqual({ variant: 'secondary', label: 'Pending' });
    expect(collabStatusBadge('')).toEqual({ variant: 'secondary', label: 'Pending' });
  });
});
