import type { ReportedPost } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useModeratePost } from '../api/moderate-post';
import { PostItem } from './post-item';

function ModeratePostButton({ post }: { post: ReportedPost }) {
  const moderate = useModeratePost({
    onSuccess: (done) => toast({ title: done.hidden ? 'Post hidden' : 'Post restored', description: 'Recorded in the audit log.' }),
    onError: (error) => toast({ title: 'Could not change the post', description: errorMessage(error), variant: 'destructive' }),
  });
  return post.hidden ? (
    <Button variant="outline" pending={moderate.isPending} onClick={() => moderate.mutate({ postId: post.id, hide: false })}>Restore</Button>
  ) : (
    <Button variant="destructive" pending={moderate.isPending} onClick={() => moderate.mutate({ postId: post.id, hide: true })}>Hide</Button>
  );
}

/** The reported community posts of the admin's "Reviews & Reports" tab (decision 196), each to hide or restore. */
export function ReportedPostList({ posts }: { posts: readonly ReportedPost[] }) {
  return (
    <section aria-labelledby="reported-posts-heading" className="space-y-2">
      <h2 id="reported-posts-heading" className="text-lg font-semibold text-stone-900">Reported community posts</h2>
      {posts.length === 0 ? (
        <p className="text-sm text-stone-600">No reported posts.</p>
      ) : (
        <ul className="space-y-3">
          {posts.map((post) => (
            <PostItem key={post.id} post={post}
              actions={(
                <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-2">
                  <p className="text-xs text-stone-700">
                    {post.cityName} · {post.reports} {post.reports === 1 ? 'report' : 'reports'}
                    {post.openReports > 0 && <>, {post.openReports} open</>}
                    {post.hidden && <>, hidden</>}
                    {post.reasons.length > 0 && <>: {post.reasons.join('; ')}</>}
                  </p>
                  <ModeratePostButton post={post} />
                </div>
              )} />
          ))}
        </ul>
      )}
    </section>
  );
}
