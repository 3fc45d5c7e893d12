import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { SheetMode } from './review-sheet';

// The sheet (its dialog, forms and the reviews contract) loads on the first tap: the buttons are on every deal card
// of /app's first screen, whose initial JS has a budget (decision 160).
const ReviewSheet = lazy(() => import('./review-sheet').then((m) => ({ default: m.ReviewSheet })));

/**
 * Comments and Rate on a member's deal card and deal page (issue 31): Comments opens the business's reviews,
 * Rate opens the rating form when the member has a visit there to rate, else says when they can. Both sheets
 * offer "Offer not honoured?" within 24 hours of a visit. Placed by the app on the member home and the deal page (app/routes/).
 */
export function ReviewActions({ merchantId, merchantName }: { merchantId: string; merchantName: string }) {
  const [mode, setMode] = useState<SheetMode | null>(null);
  return (
    <>
      <Button variant="ghost" size="sm" className="h-11" onClick={() => setMode('comments')} aria-label={`Comments on ${merchantName}`}>Comments</Button>
      <Button variant="ghost" size="sm" className="h-11" onClick={() => setMode('rate')} aria-label={`Rate ${merchantName}`}>Rate</Button>
      {mode !== null && (
        <Suspense fallback={null}>
          <ReviewSheet merchantId={merchantId} merchantName={merchantName} mode={mode} onClose={() => setMode(null)} />
        </Suspense>
      )}
    </>
  );
}
