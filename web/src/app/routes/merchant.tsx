import { StaffCard } from '@/features/counter-staff/components/staff-card';
import { PostUpdateCard } from '@/features/follows-and-updates/components/post-update-card';
import { MerchantDashboardPage } from '@/features/merchant/components/merchant-dashboard-page';
import { MerchantReviewsCard } from '@/features/reviews/components/merchant-reviews-card';

/** The owner's dashboard, with the update composer, the staff card and the reviews card of those features. */
export function Component() {
  return <MerchantDashboardPage updateComposer={<PostUpdateCard />} staffCard={<StaffCard />} reviewsCard={<MerchantReviewsCard />} />;
}
