import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { promptInstall, useInstallOption } from '@/lib/pwa/install-prompt';

/**
 * "Install Pay Local" (issue 31): the browser's own install dialog where it offers one (beforeinstallprompt),
 * the Add to Home Screen steps on iOS Safari, and nothing where the app is installed or cannot be. With
 * `onDismiss` (the member home's offer, issue 42) it has a "Not now" button too.
 */
export function InstallAppCard({ onDismiss }: { onDismiss?: () => void }) {
  const option = useInstallOption();
  if (option === 'none' || option === 'installed') return null;
  return (
    <Card>
      <CardContent className="space-y-3 p-5">
        <h2 className="text-base font-semibold text-stone-900">Install Pay Local</h2>
        <p className="text-sm text-stone-700">
          Open your deals from the Home Screen like any app: full screen, and your codes keep working offline.
        </p>
        {option === 'prompt' ? (
          // The browser's dialog answers; the offer is used up either way, and the card goes with it.
          <Button onClick={() => void promptInstall()} className="mr-2">Install the app</Button>
        ) : (
          <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-800" aria-label="Add to Home Screen on iPhone and iPad">
            <li>Tap the Share button (the square with an arrow) in Safari's toolbar.</li>
            <li>Scroll down and tap "Add to Home Screen".</li>
            <li>Tap "Add", then open Pay Local from your Home Screen.</li>
          </ol>
        )}
        {onDismiss && <Button variant="ghost" onClick={onDismiss}>Not now</Button>}
      </CardContent>
    </Card>
  );
}
