import { useState, type ReactNode } from 'react';
import type { OfferReport, ReportedPost, ReportedReview } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useAdminReviewQueue } from '../api/get-admin-review-queue';
import { useModerateReview } from '../api/moderate-review';
import { useDecideOfferReport, usePauseReportedBusiness } from '../api/not-honoured';
import { OfferReportList } from './offer-report-list';
import { ReviewItem } from './review-item';

function ModerateButton({ review }: { review: ReportedReview }) {
  const moderate = useModerateReview({
    onSuccess: (done) => toast({ title: done.hidden ? 'Review hidden' : 'Review restored', description: 'Recorded in the audit log.' }),
    onError: (error) => toast({ title: 'Could not change the review', description: errorMessage(error), variant: 'destructive' }),
  });
  return review.hidden ? (
    <Button variant="outline" pending={moderate.isPending} onClick={() => moderate.mutate({ reviewId: review.id, hide: false })}>Restore</Button>
  ) : (
    <ConfirmButton variant="destructive" pending={moderate.isPending} title="Hide this review?" confirmLabel="Hide"
      message="Members and the business no longer see it. It is recorded in the audit log."
      onConfirm={() => moderate.mutate({ reviewId: review.id, hide: true })}>Hide</ConfirmButton>
  );
}

/** Uphold or reject an open report: final, so it asks once (decision 191). */
function DecideButtons({ report }: { report: OfferReport }) {
  const [choice, setChoice] = useState<boolean | null>(null);
  const decide = useDecideOfferReport({
    onSuccess: (done) => {
      setChoice(null);
      toast({ title: done.report.state === 'upheld' ? 'Report upheld' : 'Report rejected', description: done.alert ? 'This business now has 3 or more upheld reports in 90 days.' : 'Recorded in the audit log.' });
    },
    onError: (error) => {
      setChoice(null);
      toast({ title: 'Could not decide the report', description: errorMessage(error), variant: 'destructive' });
    },
  });
  if (report.state !== 'open') return null;
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-2">
      <Button size="sm" variant="outline" onClick={() => setChoice(false)}>Reject</Button>
      <Button size="sm" onClick={() => setChoice(true)}>Uphold</Button>
      <ConfirmDialog
        open={choice !== null}
        title={choice ? 'Uphold this report?' : 'Reject this report?'}
        message={choice
          ? `${report.merchantName} did not honour the offer: the member gets a month of membership as credit (at most once in 30 days). This cannot be undone.`
          : 'The member is told the report was not upheld. This cannot be undone.'}
        confirmLabel={choice ? 'Uphold Report' : 'Reject Report'}
        pendingLabel="Saving..."
        pending={decide.isPending}
        onConfirm={() => choice !== null && decide.mutate({ reportId: report.id, upheld: choice })}
        onCancel={() => setChoice(null)}
      />
    </div>
  );
}

/** A business at 3 upheld reports in 90 days: paused in one step, after asking once; its owner is mailed why. */
function PauseButton({ merchantId, merchantName }: { merchantId: string; merchantName: string }) {
  const [asking, setAsking] = useState(false);
  const pause = usePauseReportedBusiness({
    onSuccess: () => {
      setAsking(false);
      toast({ title: `${merchantName} paused`, description: 'Its deals are no longer listed; the owner was told why.' });
    },
    onError: (error) => {
      setAsking(false);
      toast({ title: 'Could not pause the business', description: errorMessage(error), variant: 'destructive' });
    },
  });
  return (
    <>
      <Button size="sm" variant="destructive" onClick={() => setAsking(true)}>Pause business</Button>
      <ConfirmDialog
        open={asking}
        title={`Pause ${merchantName}?`}
        message="Its deals stop being listed until you approve the business again, and the owner is mailed why."
        confirmLabel="Pause Business"
        pendingLabel="Pausing..."
        destructive
        pending={pause.isPending}
        onConfirm={() => pause.mutate({ merchantId })}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/**
 * The admin's "Reviews & Reports" tab (issue 31): reported reviews to hide or restore (each action in the audit
 * log), "offer not honoured" reports, and businesses reported repeatedly. Placed by the app on features/admin's dashboard (app/routes/admin.tsx),
 * which also composes the community feature's list of the reported posts the same answer carries (decision 196).
 */
export function AdminReviewQueue({ renderReportedPosts }: { renderReportedPosts?: (posts: ReportedPost[]) => ReactNode }) {
  const queue = useAdminReviewQueue();
  if (queue.isPending) return <p role="status" className="py-6 text-sm text-stone-600">Loading the queue...</p>;
  if (queue.isError || !queue.data) {
    return (
      <div role="alert" className="space-y-2 py-6 text-sm text-red-900">
        <p>The queue could not be loaded: {errorMessage(queue.error)}</p>
        <Button variant="outline" onClick={() => void queue.refetch()}>Try again</Button>
      </div>
    );
  }
  const { reported, reportedPosts, offerReports, repeated, alerts } = queue.data;
  return (
    <div className="space-y-8 py-4">
      {alerts.length > 0 && (
        <section aria-labelledby="alerts-heading" className="space-y-2 rounded-xl border border-red-300 bg-red-50 p-4" data-testid="promise-alerts">
          <h2 id="alerts-heading" className="text-lg font-semibold text-red-900">3 or more upheld reports in 90 days</h2>
          <ul className="space-y-2">
            {alerts.map((b) => (
              <li key={b.merchantId} className="flex flex-wrap items-center justify-between gap-2 text-sm text-red-950">
                <span><span className="font-medium">{b.merchantName}</span>: {b.upheld} upheld reports</span>
                <PauseButton merchantId={b.merchantId} merchantName={b.merchantName} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="repeated-heading" className="space-y-2">
        <h2 id="repeated-heading" className="text-lg font-semibold text-stone-900">Businesses reported repeatedly (30 days)</h2>
        {repeated.length === 0 ? (
          <p className="text-sm text-stone-600">No business has two or more "offer not honoured" reports.</p>
        ) : (
          <ul className="space-y-1" data-testid="repeated-businesses">
            {repeated.map((b) => (
              <li key={b.merchantId} className="text-sm text-stone-900">
                <span className="font-medium">{b.merchantName}</span>: {b.reports} reports
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="reported-heading" className="space-y-2">
        <h2 id="reported-heading" className="text-lg font-semibold text-stone-900">Reported reviews</h2>
        {reported.length === 0 ? (
          <p className="text-sm text-stone-600">No reported reviews.</p>
        ) : (
          <ul className="space-y-3">
            {reported.map((review) => (
              <ReviewItem key={review.id} review={review} merchantName={review.merchantName}
                actions={(
                  <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-2">
                    <p className="text-xs text-stone-700">
                      {review.merchantName} · {review.reports} {review.reports === 1 ? 'report' : 'reports'}
                      {review.openReports > 0 && <>, {review.openReports} open</>}
                      {review.reasons.length > 0 && <>: {review.reasons.join('; ')}</>}
                    </p>
                    <ModerateButton review={review} />
                  </div>
                )} />
            ))}
          </ul>
        )}
      </section>
      {renderReportedPosts?.(reportedPosts)}
      <section aria-labelledby="not-honoured-heading" className="space-y-2">
        <h2 id="not-honoured-heading" className="text-lg font-semibold text-stone-900">Offer not honoured (open, and 30 days)</h2>
        <OfferReportList reports={offerReports} showBusiness actions={(report) => <DecideButtons report={report} />} />
      </section>
    </div>
  );
}
