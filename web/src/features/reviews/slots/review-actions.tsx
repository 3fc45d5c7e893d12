import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ReviewSheet, type SheetMode } from '../components/review-sheet';

/**
 * Comments and Rate on a member's deal card and deal page (issue 31): Comments opens the business's reviews,
 * Rate opens the rating form when the member has a visit there to rate, else says when they can. Both sheets
 * offer "Offer not honoured?" within 24 hours of a visit. Placed by the app (route-table slots).
 */
export function ReviewActions({ merchantId, merchantName }: { merchantId: string; merchantName: string }) {
  const [mode, setMode] = useState<SheetMode | null>(null);
  return (
    <>
      <Button variant="ghost" size="sm" className="h-11" onClick={() => setMode('comments')} aria-label={`Comments on ${merchantName}`}>Comments</Button>
      <Button variant="ghost" size="sm" className="h-11" onClick={() => setMode('rate')} aria-label={`Rate ${merchantName}`}>Rate</Button>
      {mode !== null && <ReviewSheet merchantId={merchantId} merchantName={merchantName} mode={mode} onClose={() => setMode(null)} />}
    </>
  );
}
