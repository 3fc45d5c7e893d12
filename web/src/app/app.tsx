import { StatusBar } from '@/components/offline/status-bar';
import { useOutboxSync } from '@/lib/outbox/use-outbox';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** Runs inside the providers: keeps the offline outbox in step with the signed-in user and the network. */
function OfflineSupport() {
  useOutboxSync();
  return <StatusBar />;
}

export function App() {
  return (
    <AppProvider>
      <OfflineSupport />
      <AppRouter />
    </AppProvider>
  );
}
