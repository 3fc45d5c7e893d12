import { useId, useRef, useState } from 'react';
import { COMMUNITY_POST_MAX } from '@shared/contract/community.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label, Select, Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { imageFileProblem } from '@/lib/uploads/image-check';
import { useCreatePost } from '../api/create-post';

/** A deal the business may link: one of its own live deals. */
export interface LinkableDeal { id: string; title: string }

/** The post box: up to 500 characters of plain text, an optional photo and, for a business, one of its live deals. */
export function PostComposer({ cityName, deals }: { cityName: string; deals?: readonly LinkableDeal[] }) {
  const id = useId();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dealId, setDealId] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const create = useCreatePost({
    onSuccess: () => {
      setText('');
      setPhoto(null);
      setDealId('');
      if (input.current) input.current.value = '';
      toast({ title: 'Posted', description: `Your neighbours in ${cityName} can see it now.` });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Could not post', description: errorMessage(error) }),
  });
  const left = COMMUNITY_POST_MAX - text.length;

  async function choose(file: File | undefined) {
    setProblem(null);
    if (!file) return setPhoto(null);
    const message = await imageFileProblem(file);
    if (message) {
      setProblem(message);
      setPhoto(null);
      if (input.current) input.current.value = '';
      return;
    }
    setPhoto(file);
  }

  return (
    <Card>
      <CardContent className="space-y-3 p-5">
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() === '') return;
            create.mutate({ text, photo, dealId: dealId || null });
          }}
        >
          <Label htmlFor={`${id}-text`}>Share something with your neighbours</Label>
          <Textarea
            id={`${id}-text`}
            value={text}
            maxLength={COMMUNITY_POST_MAX}
            required
            aria-describedby={`${id}-left`}
            placeholder={`What's happening in ${cityName || 'town'}?`}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-left`} className="text-xs text-stone-600">{left} characters left</p>
          {deals && deals.length > 0 && (
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-deal`}>Link one of your deals (optional)</Label>
              <Select id={`${id}-deal`} value={dealId} onChange={(event) => setDealId(event.target.value)}>
                <option value="">No deal</option>
                {deals.map((deal) => <option key={deal.id} value={deal.id}>{deal.title}</option>)}
              </Select>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => input.current?.click()}>{photo ? 'Change photo' : 'Add a photo'}</Button>
              {photo && (
                <>
                  <span className="max-w-40 truncate text-xs text-stone-700" data-testid="chosen-photo">{photo.name}</span>
                  <Button variant="ghost" size="sm" onClick={() => void choose(undefined)}>Remove photo</Button>
                </>
              )}
              <input
                ref={input}
                type="file"
                accept="image/*"
                className="sr-only"
                aria-label="Photo file"
                tabIndex={-1}
                onChange={(event) => void choose(event.target.files?.[0])}
              />
            </div>
            <Button type="submit" pending={create.isPending} disabled={text.trim() === ''}>Post</Button>
          </div>
          {problem && <p role="alert" className="text-sm font-medium text-red-700">{problem}</p>}
        </form>
      </CardContent>
    </Card>
  );
}
