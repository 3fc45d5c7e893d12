import { useRef, useState, type ChangeEvent } from 'react';
import { objectDisplayPath } from '@shared/images.ts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useRemoveProfilePicture } from '../api/remove-profile-picture';
import { useUploadProfilePicture } from '../api/upload-profile-picture';
import { imageFileProblem } from '@/lib/uploads/image-check';

const initials = (name: string) =>
  name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?';

/** Picture with upload (images only, at most 5 MB, checked here and on the server) and remove. */
export function ProfilePictureCard({ name, picture }: { name: string; picture: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadProfilePicture();
  const remove = useRemoveProfilePicture();
  const src = objectDisplayPath(picture);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // A new choice clears the last problem at once (issue 31: no stale "Please select a valid image file.").
    setProblem(null);
    const message = await imageFileProblem(file);
    setProblem(message);
    if (message) {
      toast({ variant: 'destructive', title: 'Invalid file', description: message });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        setProblem(null);
        toast({ title: 'Profile picture updated', description: 'Your new profile picture has been saved.' });
      },
      onError: () => toast({ variant: 'destructive', title: 'Failed to upload profile picture. Please try again.' }),
    });
  };

  const removePicture = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'Profile picture removed', description: 'Your profile picture has been removed.' }),
      onError: () => toast({ variant: 'destructive', title: 'Failed to remove profile picture. Please try again.' }),
    });

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      {src ? (
        <img src={src} alt="Your profile picture" className="size-24 rounded-full object-cover ring-2 ring-brand-100" />
      ) : (
        <div aria-label="No profile picture" role="img" className="grid size-24 place-items-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800">
          {initials(name)}
        </div>
      )}
      <div className="space-y-2 text-center sm:text-left">
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()} pending={upload.isPending}>
            {upload.isPending ? 'Uploading...' : src ? 'Change Photo' : 'Upload Photo'}
          </Button>
          {src && (
            <Button variant="ghost" size="sm" onClick={removePicture} pending={remove.isPending}>
              Remove Photo
            </Button>
          )}
        </div>
        <p className="text-xs text-stone-600">PNG, JPEG, GIF or WebP, up to 5MB.</p>
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label="Profile picture file"
          tabIndex={-1}
          onChange={(e) => void choose(e)}
        />
      </div>
    </div>
  );
}
