import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { loadableModules, loaderOf, pages } from './lazy-pages';
import { modulesOf, pageModules, type PageName, routeFor, routeTable, slotModules } from './route-table';

describe('the route table', () => {
  it('has a screen for every path of the app, once', () => {
    const screens = [...new Set(Object.values(paths).filter((path) => typeof path === 'string').map((path) => path.split('?')[0]))].sort();
    expect(routeTable.map((route) => route.path).sort()).toEqual(screens);
  });

  it('names only modules the lazy loaders found, and the loaders find nothing it does not name', () => {
    const named = new Set([...Object.values(pageModules).map((page) => page.module), ...Object.values(slotModules)]);
    expect([...named].sort()).toEqual(loadableModules().sort());
    expect(() => loaderOf('features/nowhere/components/nothing-page')).toThrow(/no page or slot module/);
  });

  it('loads each page module with the component it names', async () => {
    for (const page of Object.keys(pageModules) as PageName[]) {
      const module = await loaderOf(pageModules[page].module)();
      expect(typeof module[pageModules[page].exportName], page).toBe('function');
    }
    expect(Object.keys(pages).sort()).toEqual(Object.keys(pageModules).sort());
  });

  it('finds a screen by pathname, a trailing slash ignored', () => {
    expect(routeFor('/app/')?.page).toBe('memberHome');
    expect(routeFor('/deals')?.prefetch).toBe('memberHome');
    expect(routeFor('/nowhere')).toBeUndefined();
    // A route with a parameter (decision 115): one segment, not more, and the exact /deals still wins.
    expect(routeFor(paths.deal('d0000000-0000-4000-8000-000000000001'))?.page).toBe('dealLink');
    expect(routeFor('/deals/abc/')?.page).toBe('dealLink');
    expect(routeFor('/deals/abc/more')).toBeUndefined();
    expect(routeFor('/deals')?.page).toBe('memberHome');
    expect(modulesOf('browseDeals')).toEqual(['features/browse-deals/components/browse-deals-page', slotModules.followButton]);
  });
});
