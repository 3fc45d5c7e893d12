import { useState } from 'react';
import { REVIEW_EDIT_DAYS } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { useBusinessReviews } from '../api/get-business-reviews';
import { NotHonouredForm } from './not-honoured-form';
import { RateForm } from './rate-form';
import { ReportButton } from './report-button';
import { ReviewItem } from './review-item';
import { RatingLine } from './stars';

export type SheetMode = 'comments' | 'rate';

/** The sheet behind a deal's Comments and Rate buttons: a business's reviews, the member's rating, "not honoured". */
export function ReviewSheet({ merchantId, merchantName, mode, onClose }: {
  merchantId: string; merchantName: string; mode: SheetMode | null; onClose: () => void;
}) {
  const reviews = useBusinessReviews(merchantId, { enabled: mode !== null });
  const [reporting, setReporting] = useState(false);
  const data = reviews.data;
  const editable = data?.reviews.find((r) => r.mine && r.editable);
  const close = () => {
    setReporting(false);
    onClose();
  };

  let body;
  if (reviews.isPending) {
    body = <p role="status" className="flex items-center gap-2 text-sm text-stone-600"><Spinner className="size-4" /> Loading reviews...</p>;
  } else if (reviews.isError || !data) {
    body = (
      <div role="alert" className="space-y-3 text-sm text-red-900">
        <p>Reviews could not be loaded: {errorMessage(reviews.error)}</p>
        <Button variant="outline" onClick={() => void reviews.refetch()}>Try again</Button>
      </div>
    );
  } else if (mode === 'rate') {
    body = data.canRate ? (
      <RateForm merchantId={merchantId} merchantName={merchantName} onDone={close} />
    ) : editable ? (
      <div className="space-y-3">
        <p className="text-sm text-stone-700">You already rated your latest visit. You can change it for {REVIEW_EDIT_DAYS} days after writing it.</p>
        <RateForm merchantId={merchantId} merchantName={merchantName} editing={editable} onDone={close} />
      </div>
    ) : (
      <p className="text-sm text-stone-700" data-testid="rate-explainer">
        You can rate {merchantName} after you use one of its deals there: show your pass or a code at the counter, then come back.
        One rating per visit.
      </p>
    );
  } else {
    body = (
      <div className="space-y-4">
        <RatingLine {...data.summary} />
        {data.reviews.length === 0 ? (
          <p className="text-sm text-stone-600">Nobody has written a review yet.</p>
        ) : (
          <ul className="max-h-[50dvh] space-y-3 overflow-y-auto" aria-label={`Reviews of ${merchantName}`}>
            {data.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} merchantName={merchantName}
                actions={review.mine ? null : <ReportButton reviewId={review.id} authorName={review.authorName} />} />
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <Modal open={mode !== null} onClose={close} title={mode === 'rate' ? `Rate ${merchantName}` : `Reviews of ${merchantName}`}>
      <div className="space-y-4">
        {body}
        {data?.canReportNotHonoured && (reporting ? (
          <NotHonouredForm merchantId={merchantId} merchantName={merchantName} visits={data.visits ?? []} onDone={() => setReporting(false)} />
        ) : (
          <Button variant="outline" className="w-full" onClick={() => setReporting(true)}>Offer not honoured?</Button>
        ))}
        {!reporting && mode !== 'rate' && <div className="flex justify-end"><Button variant="outline" onClick={close}>Close</Button></div>}
        {!reporting && mode === 'rate' && !data?.canRate && !editable && <div className="flex justify-end"><Button variant="outline" onClick={close}>Close</Button></div>}
      </div>
    </Modal>
  );
}
