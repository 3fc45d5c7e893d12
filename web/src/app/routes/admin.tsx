import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { ReportedPostList } from '@/features/community/components/reported-post-list';
import { AdminReviewQueue } from '@/features/reviews/components/admin-review-queue';
import { AdminGifts } from '@/features/gifts/components/gift-lists';

const reportedPosts = (posts: Parameters<typeof ReportedPostList>[0]['posts']) => <ReportedPostList posts={posts} />;

/** The admin dashboard, with the moderation queue: the reviews feature's, holding the community feature's reported posts. */
export function Component() {
  return <AdminDashboardPage reviewQueue={<><AdminReviewQueue renderReportedPosts={reportedPosts} /><AdminGifts /></>} />;
}
