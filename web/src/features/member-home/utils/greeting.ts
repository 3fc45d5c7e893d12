const DAY_MS = 24 * 60 * 60 * 1000;
const storageKey = (userId: string) => `paylocal:greeted:${userId}`;

/**
 * "Welcome" the first time a member opens their home, "Welcome back" after (issue 31): first means an account
 * under a day old that this device has not greeted yet.
 */
export function isFirstVisit(userId: string, createdAt: string, nowMs: number, storage: Pick<Storage, 'getItem'> | undefined): boolean {
  if (nowMs - Date.parse(createdAt) > DAY_MS) return false;
  try {
    return storage?.getItem(storageKey(userId)) === null;
  } catch {
    return false;
  }
}

/** Remembers on this device that the member was greeted. */
export function rememberGreeted(userId: string, storage: Pick<Storage, 'setItem'> | undefined): void {
  try {
    storage?.setItem(storageKey(userId), '1');
  } catch {
    // Private mode or storage full: the next visit says "Welcome" once more.
  }
}

export function greetingLine(name: string | undefined, firstVisit: boolean): string {
  return `${firstVisit ? 'Welcome' : 'Welcome back'}, ${name || 'friend'}!`;
}
