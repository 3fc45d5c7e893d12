import { useState, type FormEvent } from 'react';
import { REVIEW_COMMENT_MAX, type Review } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/form-controls';
import { RadioLabel } from '@/components/ui/radio-label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useSaveReview } from '../api/save-review';

const LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** 1–5 stars and an optional plain-text comment: a new rating, or a change to the member's own within its week. */
export function RateForm({ merchantId, merchantName, editing, onDone }: {
  merchantId: string; merchantName: string; editing?: Review; onDone: () => void;
}) {
  const [rating, setRating] = useState<number>(editing?.rating ?? 0);
  const [comment, setComment] = useState(editing?.comment ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveReview({
    onSuccess: () => {
      toast({ title: editing ? 'Review updated' : 'Thanks for your review', description: `Your rating of ${merchantName} is saved.` });
      onDone();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1) {
      setProblem('Choose from 1 to 5 stars.');
      return;
    }
    setProblem(null);
    save.mutate({ merchantId, rating, comment, reviewId: editing?.id });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <fieldset>
        <legend className="text-sm font-medium text-stone-900">Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-1">
          {LABELS.map((label, i) => {
            const value = i + 1;
            return (
              <RadioLabel
                key={value}
                name="rating"
                value={value}
                checked={rating === value}
                onSelect={() => setRating(value)}
                className={cn(
                  'flex size-11 items-center justify-center rounded-lg border text-2xl',
                  value <= rating ? 'border-amber-400 bg-amber-50 text-amber-700' : 'border-stone-300 text-stone-400',
                )}
              >
                <span aria-hidden="true">★</span>
                <span className="sr-only">{value} {value === 1 ? 'star' : 'stars'}: {label}</span>
              </RadioLabel>
            );
          })}
        </div>
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor="review-comment" className="text-sm font-medium text-stone-900">Comment (optional)</label>
        <Textarea
          id="review-comment"
          rows={3}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          aria-describedby="review-comment-hint"
        />
        <p id="review-comment-hint" className="text-xs text-stone-600">
          Plain text, up to {REVIEW_COMMENT_MAX} characters ({REVIEW_COMMENT_MAX - comment.length} left). Signed-in members see it with your first name.
        </p>
      </div>
      {problem && <p role="alert" className="text-sm font-medium text-red-800">{problem}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" pending={save.isPending}>{editing ? 'Save changes' : 'Submit rating'}</Button>
      </div>
    </form>
  );
}
