import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantProfile } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { uploadImage } from '@/lib/uploads/upload-object';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/** Upload the image (checked: images only, at most 5 MB), then PUT /api/merchant/logo {logoUrl}. */
async function updateLogo(file: File): Promise<MerchantProfile> {
  const { uploadURL } = await uploadImage(file);
  return apiJson<MerchantProfile>('PUT', '/api/merchant/logo', { logoUrl: uploadURL });
}

export function useUpdateLogo({ onSuccess, onError }: { onSuccess?: (merchant: MerchantProfile) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLogo,
    onSuccess: (merchant) => {
      queryClient.setQueryData(merchantKeys.me, merchant);
      onSuccess?.(merchant);
    },
    onError,
  });
}
