import { registerSW } from 'virtual:pwa-register';
import { toast } from '@/components/ui/use-toast';

/**
 * Registers the service worker. With registerType 'prompt' a new version waits until the person agrees,
 * so nobody loses a half-filled form to a surprise reload.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast({
        title: 'Update available',
        description: 'A new version of Pay Local is ready.',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
      });
    },
  });
}
