import { describe, expect, it, vi } from 'vitest';
import { createConnectivity, PROBE_DELAYS_MS, type BrowserNetwork } from './connectivity';

function fakeBrowser(initiallyOnline = true) {
  const events = new EventTarget();
  let online = initiallyOnline;
  const browser: BrowserNetwork = { isOnline: () => online, addEventListener: (type, listener) => events.addEventListener(type, listener) };
  return {
    browser,
    goOnline() { online = true; events.dispatchEvent(new Event('online')); },
    goOffline() { online = false; events.dispatchEvent(new Event('offline')); },
  };
}

/** Timers the test fires by hand, so probe timing is exact. */
function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    pending,
    setTimer: (fn: () => void, ms: number) => { const timer = { fn, ms }; pending.push(timer); return timer; },
    clearTimer: (timer: unknown) => { const i = pending.indexOf(timer as never); if (i >= 0) pending.splice(i, 1); },
    async fireNext() { const timer = pending.shift()!; timer.fn(); await vi.waitFor(() => undefined); await Promise.resolve(); },
  };
}

function setup({ online = true, probe = vi.fn(async () => false) } = {}) {
  const net = fakeBrowser(online);
  const timers = manualTimers();
  const connectivity = createConnectivity({ browser: net.browser, probe, setTimer: timers.setTimer, clearTimer: timers.clearTimer });
  const events: string[] = [];
  connectivity.addEventListener('online', () => events.push('online'));
  connectivity.addEventListener('offline', () => events.push('offline'));
  return { net, timers, connectivity, events, probe };
}

describe('connectivity', () => {
  it('starts from what the browser says', () => {
    expect(setup({ online: true }).connectivity.isOnline()).toBe(true);
    expect(setup({ online: false }).connectivity.isOnline()).toBe(false);
  });

  it('follows the browser going offline and online, firing events and notifying subscribers', () => {
    const { net, connectivity, events } = setup();
    const changed = vi.fn();
    connectivity.subscribe(changed);
    net.goOffline();
    expect(connectivity.isOnline()).toBe(false);
    net.goOnline();
    expect(connectivity.isOnline()).toBe(true);
    expect(events).toEqual(['offline', 'online']);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('a request without an answer means offline even while the browser says online ("lie-fi")', () => {
    const { connectivity, events } = setup();
    connectivity.reportNoAnswer();
    expect(connectivity.isOnline()).toBe(false);
    connectivity.reportNoAnswer();
    expect(events).toEqual(['offline']);
  });

  it('any answer from the server brings it back online and stops probing', () => {
    const { connectivity, events, timers } = setup();
    connectivity.reportNoAnswer();
    expect(timers.pending).toHaveLength(1);
    connectivity.reportAnswer();
    expect(connectivity.isOnline()).toBe(true);
    expect(events).toEqual(['offline', 'online']);
    expect(timers.pending).toHaveLength(0);
  });

  it('probes with backoff while unreachable, and is online when a probe is answered', async () => {
    const probe = vi.fn<() => Promise<boolean>>().mockResolvedValue(false);
    const { connectivity, timers, events } = setup({ probe });
    connectivity.reportNoAnswer();
    const delays: number[] = [];
    for (let i = 0; i < PROBE_DELAYS_MS.length + 1; i++) {
      delays.push(timers.pending[0].ms);
      await timers.fireNext();
      await vi.waitFor(() => expect(timers.pending).toHaveLength(1));
    }
    expect(delays).toEqual([...PROBE_DELAYS_MS, PROBE_DELAYS_MS.at(-1)]);
    expect(probe).toHaveBeenCalledTimes(PROBE_DELAYS_MS.length + 1);
    expect(connectivity.isOnline()).toBe(false);

    probe.mockResolvedValue(true);
    await timers.fireNext();
    await vi.waitFor(() => expect(connectivity.isOnline()).toBe(true));
    expect(events).toEqual(['offline', 'online']);
    expect(timers.pending).toHaveLength(0);
  });

  it('a probe that throws counts as no answer', async () => {
    const probe = vi.fn<() => Promise<boolean>>().mockRejectedValue(new TypeError('Failed to fetch'));
    const { connectivity, timers } = setup({ probe });
    connectivity.reportNoAnswer();
    await timers.fireNext();
    await vi.waitFor(() => expect(timers.pending).toHaveLength(1));
    expect(connectivity.isOnline()).toBe(false);
  });

  it('does not probe while the browser has no link, and trusts the link when it returns', async () => {
    const { net, connectivity, timers, probe, events } = setup();
    net.goOffline();
    connectivity.reportNoAnswer();
    expect(timers.pending).toHaveLength(0);
    net.goOnline();
    expect(connectivity.isOnline()).toBe(true);
    expect(probe).not.toHaveBeenCalled();
    expect(events).toEqual(['offline', 'online']);
  });

  it('unsubscribes', () => {
    const { net, connectivity } = setup();
    const changed = vi.fn();
    connectivity.subscribe(changed)();
    net.goOffline();
    expect(changed).not.toHaveBeenCalled();
  });
});
