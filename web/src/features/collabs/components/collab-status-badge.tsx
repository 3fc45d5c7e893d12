import { Badge } from '@/components/ui/badge';
import { collabStatusBadge } from '../utils/collab-status';

export function CollabStatusBadge({ status }: { status: string }) {
  const { variant, label } = collabStatusBadge(status);
  return <Badge variant={variant}>{label}</Badge>;
}
