import { useState, type FormEvent } from 'react';
import { BUSINESS_UPDATE_MAX } from '@shared/constants.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useBusinessUpdates } from '../api/get-business-updates';
import { usePostBusinessUpdate } from '../api/post-business-update';
import { dayAndTime } from '@/lib/dates';

/**
 * "Post an update" for the active merchant dashboard: a short message every follower receives as a
 * BUSINESS_UPDATE notification (decision 032). Placed by the app on features/merchant's dashboard (app/routes/merchant.tsx).
 */
export function PostUpdateCard() {
  const [message, setMessage] = useState('');
  const updates = useBusinessUpdates();
  const post = usePostBusinessUpdate({
    onSuccess: () => {
      setMessage('');
      toast({ title: 'Update posted', description: 'Your followers will be notified.' });
    },
    onError: (error) => toast({ title: 'Failed to post update', description: errorMessage(error), variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (message.trim()) post.mutate({ message: message.trim() });
  };

  const recent = updates.data?.slice(0, 3) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Post an update</CardTitle>
        <CardDescription>Share news with the customers who follow your business. They get it as a notification.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={onSubmit} className="space-y-3">
          <Field id="business-update" label="Update" hint={`${message.length}/${BUSINESS_UPDATE_MAX} characters`}>
            <Textarea
              id="business-update"
              name="message"
              required
              maxLength={BUSINESS_UPDATE_MAX}
              placeholder="e.g. Fresh peach pie today, while it lasts!"
              aria-describedby="business-update-hint"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          <Button type="submit" pending={post.isPending} disabled={!message.trim()}>
            {post.isPending ? 'Posting...' : 'Post Update'}
          </Button>
        </form>
        {recent.length > 0 && (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-stone-800">Recent updates</h3>
            <ul className="space-y-2">
              {recent.map((u) => (
                <li key={u.id} className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
                  <p className="break-words">{u.message}</p>
                  <time dateTime={u.createdAt} className="text-xs text-stone-600">
                    {dayAndTime(u.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
