import { describe, expect, it, vi } from 'vitest';
import { installOption, isIosSafari, listenForInstallPrompt, promptInstall } from './install-prompt';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('install option', () => {
  it('iOS Safari gets the Add to Home Screen steps, other iOS browsers and Android without an offer get nothing', () => {
    expect(isIosSafari({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: IPAD, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: IPAD, maxTouchPoints: 0 })).toBe(false); // a Mac
    expect(isIosSafari({ userAgent: IPHONE_CHROME, maxTouchPoints: 5 })).toBe(false);
    expect(installOption({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: false }, false, false)).toBe('ios-steps');
    expect(installOption({ userAgent: ANDROID, maxTouchPoints: 5, standalone: false }, false, false)).toBe('none');
  });

  it("the browser's offer wins; an installed app shows nothing", () => {
    expect(installOption({ userAgent: ANDROID, maxTouchPoints: 5, standalone: false }, true, false)).toBe('prompt');
    expect(installOption({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true }, false, false)).toBe('installed');
    expect(installOption({ userAgent: ANDROID, maxTouchPoints: 5, standalone: false }, true, true)).toBe('installed');
  });

  it("keeps the browser's beforeinstallprompt, shows it once, and reports the choice", async () => {
    const target = new EventTarget();
    listenForInstallPrompt(target as unknown as Window);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(await promptInstall()).toBe(true);
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect(await promptInstall()).toBe(false); // used up
  });
});
