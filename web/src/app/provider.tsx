import { useState, type ReactNode } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { authKeys } from '@/lib/auth/get-me';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { appPersister, PERSIST_MAX_AGE_MS } from '@/lib/query-persister';

// Changing this drops every persisted cache (use when cached answer shapes change incompatibly).
const CACHE_BUSTER = 'v1';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister: appPersister, maxAge: PERSIST_MAX_AGE_MS, buster: CACHE_BUSTER }}
      onSuccess={() => {
        // The restored user is what the installed app shows offline; when online, confirm the session is still
        // valid once per start (an expired cookie must not look signed in until the cache expires).
        if (navigator.onLine) void queryClient.invalidateQueries({ queryKey: authKeys.me });
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
