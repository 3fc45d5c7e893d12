import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useReportReview } from '../api/report-review';

/** "Report" under someone else's review: once per user; the admin's queue gets it. */
export function ReportButton({ reviewId, authorName }: { reviewId: string; authorName: string }) {
  const [sent, setSent] = useState(false);
  const report = useReportReview({
    // Said in place (the sheet is a modal: what is outside it is inert while it is open).
    onSuccess: () => setSent(true),
    onError: (error) => toast({ title: 'Could not report', description: errorMessage(error), variant: 'destructive' }),
  });
  if (sent) return <p className="text-xs text-stone-600" role="status">Reported. The Pay Local team will look at it.</p>;
  return (
    <Button variant="ghost" size="sm" className="h-11" pending={report.isPending} aria-label={`Report the review by ${authorName}`}
      onClick={() => report.mutate({ reviewId, reason: '' })}>
      Report
    </Button>
  );
}
