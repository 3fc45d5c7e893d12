import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paths } from '../../web/src/config/paths.ts';
import { routeModules } from './route-preloads.ts';

const srcDir = fileURLToPath(new URL('../../web/src', import.meta.url));

describe('routeModules', () => {
  const table = routeModules(srcDir);

  it('lists every screen of the route table', () => {
    const screens = Object.values(paths).filter((path) => typeof path === 'string' && !path.includes('?'));
    expect(Object.keys(table).sort()).toEqual([...new Set(screens)].sort());
  });

  it('lists a screen with the slot chunks it shows at once', () => {
    expect(table[paths.memberHome]).toEqual([
      `${srcDir}/features/member-home/components/member-home-page`,
      `${srcDir}/features/follows-and-updates/slots/notifications-nav-button`,
      `${srcDir}/features/follows-and-updates/slots/follow-button`,
      `${srcDir}/features/reviews/slots/review-actions`,
    ]);
    expect(table[paths.landing]).toEqual([`${srcDir}/features/marketing/components/landing-page`]);
  });

  it('fails loudly when a module of the route table is not there', () => {
    expect(() => routeModules(`${srcDir}/does-not-exist`)).toThrow(/could not find features\/marketing/);
  });
});
