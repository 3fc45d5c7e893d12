import { useState, type FormEvent } from 'react';
import { REVIEW_REPLY_MAX } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useReplyToReview } from '../api/reply-to-review';

/** The owner's one reply to a review (plain text). */
export function ReplyForm({ reviewId, authorName }: { reviewId: string; authorName: string }) {
  const [reply, setReply] = useState('');
  const send = useReplyToReview({
    onSuccess: () => toast({ title: 'Reply posted', description: `${authorName} and other members can see it.` }),
    onError: (error) => toast({ title: 'Could not reply', description: errorMessage(error), variant: 'destructive' }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reply.trim() !== '') send.mutate({ reviewId, reply });
  };
  const id = `reply-${reviewId}`;
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-stone-900">Reply to {authorName} (once)</label>
      <Textarea id={id} rows={2} maxLength={REVIEW_REPLY_MAX} value={reply} onChange={(e) => setReply(e.target.value)} />
      <div className="flex justify-end">
        <Button type="submit" disabled={reply.trim() === ''} pending={send.isPending}>Post reply</Button>
      </div>
    </form>
  );
}
