import { ProfilePage } from '@/features/profile/components/profile-page';
import { MyOfferReports } from '@/features/reviews/components/offer-report-list';
import { MyGifts } from '@/features/gifts/components/gift-lists';

/** /profile, with the member's "offer not honoured" reports from features/reviews and the gifts they gave (features/gifts). */
export function Component() {
  return <ProfilePage memberReports={<><MyOfferReports /><MyGifts /></>} />;
}
