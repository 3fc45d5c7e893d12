import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Textarea } from '@/components/ui/form-controls';

const samplePosts = [
  { author: 'Maya from Lyons', time: '2h ago', text: "Rosa's breakfast burritos with the member discount made my Saturday. Green chile, of course!" },
  { author: 'Jordan B.', time: 'Yesterday', text: 'Tried the cold plunge at Redstone for the first time. Brutal and wonderful. Thanks for the deal!' },
];

/** Community Feed (spec): a post box whose Post button does nothing yet, two sample posts and a notice. */
export function CommunityFeedTab() {
  const id = useId();
  return (
    <section className="space-y-5" aria-label="Community Feed">
      <div role="note" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm font-semibold text-amber-900">
        Community Features Coming Soon
      </div>
      <Card>
        <CardContent className="space-y-3 p-5">
          <label htmlFor={`${id}-post`} className="text-sm font-medium text-stone-800">Share something with your neighbours</label>
          <Textarea id={`${id}-post`} placeholder="What's happening in town?" />
          <div className="flex justify-end">
            <Button type="button">Post</Button>
          </div>
        </CardContent>
      </Card>
      <ul className="space-y-3">
        {samplePosts.map((post) => (
          <li key={post.author}>
            <Card>
              <CardContent className="p-5">
                <p className="text-sm font-semibold text-stone-900">{post.author} <span className="font-normal text-stone-500">· {post.time}</span></p>
                <p className="mt-1 text-sm text-stone-700">{post.text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
