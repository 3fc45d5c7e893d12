import { useSyncExternalStore } from 'react';

/**
 * "Install the app" as the browser offers it (issue 31). Chromium browsers fire `beforeinstallprompt` once,
 * early, when the app can be installed: it is kept here from the start (main.tsx) until a screen shows the
 * button. iOS Safari has no such event: it installs through Share → Add to Home Screen, which the screen
 * explains instead. An app already running installed shows neither.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOption = 'prompt' | 'ios-steps' | 'installed' | 'none';

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Listens for the browser's offer and for the installation itself; call once at start-up. */
export function listenForInstallPrompt(target: Pick<Window, 'addEventListener'> = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // the app shows its own button instead of the browser's mini-infobar
    deferred = event as InstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

/** Shows the browser's install dialog; true when the person installed. The offer is used up either way. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

interface Environment {
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
}

/** iPhone and iPad Safari (an iPad says "Macintosh" but has touch), where installing is Share → Add to Home Screen. */
export function isIosSafari({ userAgent, maxTouchPoints }: Pick<Environment, 'userAgent' | 'maxTouchPoints'>): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  // Other browsers on iOS name themselves (CriOS, FxiOS, EdgiOS); only Safari can add to the Home Screen everywhere.
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

/** What this browser offers: its own prompt, the iOS steps, nothing (already installed, or no way). */
export function installOption(environment: Environment, hasPrompt: boolean, justInstalled: boolean): InstallOption {
  if (environment.standalone || justInstalled) return 'installed';
  if (hasPrompt) return 'prompt';
  return isIosSafari(environment) ? 'ios-steps' : 'none';
}

function currentEnvironment(): Environment {
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0, standalone };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useInstallOption(): InstallOption {
  const snapshot = useSyncExternalStore(subscribe, () => `${deferred !== null}:${installed}`, () => 'false:false');
  const [hasPrompt, justInstalled] = snapshot.split(':').map((part) => part === 'true');
  return installOption(currentEnvironment(), hasPrompt!, justInstalled!);
}
