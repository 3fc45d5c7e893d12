import { ProfilePage } from '@/features/profile/components/profile-page';
import { MyOfferReports } from '@/features/reviews/components/offer-report-list';

/** /profile, with the member's "offer not honoured" reports from features/reviews. */
export function Component() {
  return <ProfilePage memberReports={<MyOfferReports />} />;
}
