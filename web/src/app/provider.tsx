import type { ReactNode } from 'react';
import { dehydrate } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { confirmRestoredSession } from '@/lib/auth/get-me';
import { connectivity } from '@/lib/network/connectivity';
import { afterFirstScreen } from '@/lib/first-screen';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { appPersister, PERSIST_MAX_AGE_MS } from '@/lib/query-persister';
import { prefetchOnSignIn } from './route-data';

// Changing this drops every persisted cache (use when cached answer shapes change incompatibly).
// v2: the member deal list is cached as pages (cursor paging, decision 096).
const CACHE_BUSTER = 'v2';

// One client for the page's lifetime, made outside React: a first render that React restarts (it renders as a
// transition) must not create a second client.
export const queryClient = createQueryClient();
prefetchOnSignIn(queryClient);

/**
 * What is saved on the device: every settled query except those marked `meta: { persist: false }` (the near-me list,
 * decision 209: its distances would tell where the member stood).
 */
const dehydrateOptions = {
  // The library's default (settled with data), plus the mark.
  shouldDehydrateQuery: (query: { state: { status: string }; meta?: Record<string, unknown> }) =>
    query.state.status === 'success' && query.meta?.persist !== false,
};

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister: appPersister, maxAge: PERSIST_MAX_AGE_MS, buster: CACHE_BUSTER, dehydrateOptions }}
      onSuccess={() => {
        // Saving follows the cache's changes from now on; what was set before (the session adopted before the
        // first render, app/first-screen-ready.ts) is saved once too, or an offline start would not know it.
        // After the first screen, like every save: dehydrating the whole cache is no work for start-up.
        void afterFirstScreen().then(() =>
          appPersister.persistClient({ timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(queryClient, dehydrateOptions) }),
        );
        // The restored user is what the installed app shows offline; when online, confirm the session is still
        // valid once per start (an expired cookie must not look signed in until the cache expires).
        if (connectivity.isOnline()) confirmRestoredSession(queryClient);
      }}
    >
      <RealtimeProvider>
        <BrowserRouter>
          {children}
          <Toaster />
        </BrowserRouter>
      </RealtimeProvider>
    </PersistQueryClientProvider>
  );
}
