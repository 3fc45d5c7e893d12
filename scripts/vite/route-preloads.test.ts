import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paths } from '../../web/src/config/paths.ts';
import { routeModules } from './route-preloads.ts';

const srcDir = fileURLToPath(new URL('../../web/src', import.meta.url));

describe('routeModules', () => {
  const table = routeModules(srcDir);

  it('lists every screen of the app', () => {
    const screens = Object.values(paths).filter((path) => typeof path === 'string' && !path.includes('?'));
    expect(Object.keys(table).sort()).toEqual([...new Set(screens)].sort());
  });

  it("maps each path to its screen's route module", () => {
    expect(table[paths.memberHome]).toBe(`${srcDir}/app/routes/member-home`);
    expect(table[paths.memberDeals]).toBe(`${srcDir}/app/routes/member-home`);
    expect(table[paths.dealLink]).toBe(`${srcDir}/app/routes/deal`);
    expect(table[paths.landing]).toBe(`${srcDir}/app/routes/landing`);
  });

  it('fails loudly when a route module is not there', () => {
    expect(() => routeModules(`${srcDir}/does-not-exist`)).toThrow(/could not find app\/routes\/landing\.tsx/);
  });
});
