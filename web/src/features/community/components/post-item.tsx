import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CommunityPost } from '@shared/contract/index.ts';
import { COMMUNITY_POST_MAX, COMMUNITY_REPORT_REASON_MAX } from '@shared/contract/community.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, Label, Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { dayAndTime } from '@/lib/dates';
import { useDeletePost } from '../api/delete-post';
import { useEditPost } from '../api/edit-post';
import { useReportPost } from '../api/report-post';

/** The author's Edit and Delete: the text changes in place; Delete asks once more. */
function AuthorActions({ post }: { post: CommunityPost }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(post.text);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditPost({
    onSuccess: () => { setEditing(false); toast({ title: 'Post updated' }); },
    onError: (error) => toast({ variant: 'destructive', title: 'Could not change the post', description: errorMessage(error) }),
  });
  const remove = useDeletePost({
    onSuccess: () => toast({ title: 'Post deleted' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Could not delete the post', description: errorMessage(error) }),
  });
  if (editing) {
    return (
      <form className="space-y-2" onSubmit={(event) => { event.preventDefault(); edit.mutate({ postId: post.id, text, dealId: post.deal?.id ?? null }); }}>
        <Label htmlFor={`${id}-edit`}>Your post</Label>
        <Textarea id={`${id}-edit`} value={text} maxLength={COMMUNITY_POST_MAX} required onChange={(event) => setText(event.target.value)} />
        <div className="flex gap-2">
          <Button type="submit" size="sm" pending={edit.isPending} disabled={text.trim() === ''}>Save</Button>
          <Button variant="ghost" size="sm" onClick={() => { setEditing(false); setText(post.text); }}>Cancel</Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>Edit</Button>
      {confirming ? (
        <>
          <Button variant="destructive" size="sm" pending={remove.isPending} onClick={() => remove.mutate(post.id)}>Delete for good</Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>Keep it</Button>
        </>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>Delete</Button>
      )}
    </div>
  );
}

/** A reader's Report, with an optional reason; once sent it says so. */
function ReportAction({ post }: { post: CommunityPost }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportPost({
    onError: (error) => toast({ variant: 'destructive', title: 'Could not report the post', description: errorMessage(error) }),
  });
  if (report.isSuccess) return <p role="status" className="text-xs text-stone-700">Reported. The Pay Local team will look at it.</p>;
  if (!open) return <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>Report the post by {post.authorName}</Button>;
  return (
    <form className="space-y-2" onSubmit={(event) => { event.preventDefault(); report.mutate({ postId: post.id, reason }); }}>
      <Label htmlFor={`${id}-reason`}>Why should the Pay Local team look at it? (optional)</Label>
      <Input id={`${id}-reason`} value={reason} maxLength={COMMUNITY_REPORT_REASON_MAX} onChange={(event) => setReason(event.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" pending={report.isPending}>Send report</Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>Cancel</Button>
      </div>
    </form>
  );
}

/** One post: who and when, the text as text, the photo, the linked deal; the author's or the reader's actions. */
export function PostItem({ post, actions }: { post: CommunityPost; actions?: ReactNode }) {
  return (
    <li data-testid="community-post">
      <Card>
        <CardContent className="space-y-3 p-5">
          <p className="text-sm font-semibold text-stone-900">
            {post.authorName}
            {post.merchantId && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">Business</span>}
            <span className="font-normal text-stone-600"> · {dayAndTime(post.createdAt)}{post.edited && ' · edited'}</span>
          </p>
          <p className="whitespace-pre-wrap break-words text-sm text-stone-800">{post.text}</p>
          {post.photoUrl && (
            <img src={post.photoUrl} alt={`Photo shared by ${post.authorName}`} loading="lazy" className="max-h-96 w-full rounded-lg object-cover" />
          )}
          {post.deal && (
            <Link to={paths.deal(post.deal.id)} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2">
              See the deal: {post.deal.title}
            </Link>
          )}
          {actions ?? (post.mine ? <AuthorActions post={post} /> : <ReportAction post={post} />)}
        </CardContent>
      </Card>
    </li>
  );
}
