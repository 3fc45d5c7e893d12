import type { ProfilePictureAnswer } from '@shared/contract/index.ts';
import { throwIfResNotOk } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { invalidateProfile } from './invalidate-profile';

/** POST /api/auth/profile-picture, multipart with the file in field "profilePicture". */
async function uploadProfilePicture(file: File): Promise<ProfilePictureAnswer> {
  const form = new FormData();
  form.append('profilePicture', file);
  const res = await fetch('/api/auth/profile-picture', { method: 'POST', body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as ProfilePictureAnswer;
}

export const useUploadProfilePicture = () => useApiMutation({ call: uploadProfilePicture, refresh: invalidateProfile });
