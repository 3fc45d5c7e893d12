import { useQuery } from '@tanstack/react-query';
import type { WalletLinkAnswer, WalletOffersAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** GET /api/member/wallet-offers: which wallet passes this deployment offers (decision 207); an hour is fresh enough. */
export function useWalletOffers() {
  return useQuery<WalletOffersAnswer>({ queryKey: ['/api/member/wallet-offers'], staleTime: 60 * 60_000 });
}

/** POST /api/member/google-wallet: the member's object is written to Google; answers the "save to wallet" link. */
export const googleWalletLink = () => apiJson<WalletLinkAnswer>('POST', '/api/member/google-wallet');

/** The signed pass file Apple Wallet opens (built fresh on each download). */
export const APPLE_WALLET_PASS_URL = '/api/member/apple-wallet.pkpass';
