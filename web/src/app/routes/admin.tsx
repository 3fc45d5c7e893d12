import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { AdminReviewQueue } from '@/features/reviews/components/admin-review-queue';

/** The admin dashboard, with the reviews feature's moderation queue. */
export function Component() {
  return <AdminDashboardPage reviewQueue={<AdminReviewQueue />} />;
}
