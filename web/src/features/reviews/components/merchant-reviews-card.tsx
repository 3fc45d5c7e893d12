import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { useMerchantReviews } from '../api/get-merchant-reviews';
import { OfferReportList } from './offer-report-list';
import { ReplyForm } from './reply-form';
import { ReviewItem } from './review-item';
import { RatingLine } from './stars';

/**
 * "Reviews" on the approved owner's dashboard (issue 31): the rating members see, "offer not honoured" reports
 * about the business, and each review with the owner's one reply. Placed by the app on features/merchant's dashboard (app/routes/merchant.tsx).
 */
export function MerchantReviewsCard() {
  const reviews = useMerchantReviews();
  const data = reviews.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reviews</CardTitle>
        <CardDescription>Members rate your business after a visit. You can reply once to each review.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {reviews.isPending ? (
          <p role="status" className="text-sm text-stone-600">Loading reviews...</p>
        ) : reviews.isError || !data ? (
          <div role="alert" className="space-y-2 text-sm text-red-900">
            <p>Reviews could not be loaded: {errorMessage(reviews.error)}</p>
            <Button variant="outline" onClick={() => void reviews.refetch()}>Try again</Button>
          </div>
        ) : (
          <>
            <RatingLine {...data.summary} />
            <section aria-labelledby="offer-reports-heading" className="space-y-2">
              <h3 id="offer-reports-heading" className="text-sm font-semibold text-stone-900">
                Offer not honoured ({data.offerReports.length})
              </h3>
              <p className="text-xs text-stone-600">Members who say they did not get the discount here. You may answer each once within 72 hours; a report about a visit left unanswered is upheld and the member is credited.</p>
              <OfferReportList reports={data.offerReports} owner />
            </section>
            <section aria-labelledby="reviews-heading" className="space-y-2">
              <h3 id="reviews-heading" className="text-sm font-semibold text-stone-900">Latest reviews</h3>
              {data.reviews.length === 0 ? (
                <p className="text-sm text-stone-600">No reviews yet.</p>
              ) : (
                <ul className="space-y-3">
                  {data.reviews.map((review) => (
                    <ReviewItem key={review.id} review={review} merchantName="you"
                      actions={review.reply ? null : <ReplyForm reviewId={review.id} authorName={review.authorName} />} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
