import type { MerchantProfile } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { uploadImage } from '@/lib/uploads/upload-object';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/** Upload the image (checked: images only, at most 5 MB), then PUT /api/merchant/logo {logoUrl}. */
async function updateLogo(file: File): Promise<MerchantProfile> {
  const { uploadURL } = await uploadImage(file);
  return apiJson<MerchantProfile>('PUT', '/api/merchant/logo', { logoUrl: uploadURL });
}

/** The answer is the merchant profile as it now stands. */
export const useUpdateLogo = (callbacks?: MutationCallbacks<MerchantProfile>) =>
  useApiMutation({ call: updateLogo, refresh: (queryClient, merchant) => void queryClient.setQueryData(merchantKeys.me, merchant) }, callbacks);
