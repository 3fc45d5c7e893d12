import { adoptEarlySession } from '@/lib/auth/get-me';
import { queryClient } from './provider';
import { screenDataSettled, setPreparingFirstCommit } from './route-data';
import { preloadScreen } from './router';

/**
 * How long the first render may wait for index.html's session answer and the screen's chunks. In the usual
 * case both are in before the entry chunk has run (they download beside it) and nothing waits; on a slow
 * network the splash shows after this at the latest, as before.
 */
export const FIRST_SCREEN_WAIT_MS = 800;

/**
 * Resolves when React's first commit can be the screen itself: the signed-in user is known (index.html asked
 * for it) and the screen's code has arrived, or after FIRST_SCREEN_WAIT_MS. Without it the first commit was
 * the loading splash and the screen came in later tasks (on a throttled phone ~0.6 s of Largest Contentful
 * Paint, decision 135).
 */
export function firstScreenReady(pathname: string, waitMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  // The user first: knowing them starts the screen's first page of deals (route-data.ts; index.html asked for it
  // already, so the read takes that answer), which the first commit then waits for too: the cards are in the
  // first commit instead of a second render and layout after the first paint.
  setPreparingFirstCommit(true);
  const session = adoptEarlySession(queryClient, waitMs).then(screenDataSettled);
  const ready = Promise.all([session, preloadScreen(pathname)]).then(() => undefined, () => undefined);
  return Promise.race([ready, late]).finally(() => {
    clearTimeout(timer);
    setPreparingFirstCommit(false);
  });
}
