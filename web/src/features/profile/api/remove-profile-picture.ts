import { apiRequest } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { invalidateProfile } from './invalidate-profile';

const removeProfilePicture = async () => {
  await apiRequest('DELETE', '/api/auth/profile-picture');
};

/** DELETE /api/auth/profile-picture. */
export const useRemoveProfilePicture = () => useApiMutation({ call: removeProfilePicture, refresh: invalidateProfile });
