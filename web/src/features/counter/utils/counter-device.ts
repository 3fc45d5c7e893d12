// The counter device (decision 168): an id this tablet makes once and keeps, sent as X-Counter-Device with every
// counter call, so the API's limit on wrong codes stops this tablet and not every till of the business.
const STORAGE_KEY = 'pay-local.counter-device';
const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

export const COUNTER_DEVICE_HEADER = 'X-Counter-Device';

/** This tablet's counter id, made on first use; null where storage is unavailable (the API then uses one shared id). */
export function counterDeviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): string | null {
  try {
    const stored = storage?.getItem(STORAGE_KEY);
    if (stored && DEVICE_ID.test(stored)) return stored;
    const made = crypto.randomUUID();
    storage?.setItem(STORAGE_KEY, made);
    return storage ? made : null;
  } catch {
    return null;
  }
}

/** The headers of a counter call: this tablet's id, when it has one. */
export function counterDeviceHeaders(): Record<string, string> {
  const id = counterDeviceId();
  return id ? { [COUNTER_DEVICE_HEADER]: id } : {};
}
