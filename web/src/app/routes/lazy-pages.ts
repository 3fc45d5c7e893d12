import type { ComponentType } from 'react';
import { lazyComponent, type Module, moduleLoader, type ModuleLoader } from './lazy-component';
import { modulesOf, pageModules, type PageName, routeFor, slotModules } from './route-table';

/**
 * The code of every screen and slot, one chunk each, found by file name (a page is a
 * `features/<feature>/components/<name>-page.tsx`, a slot a `features/<feature>/slots/<name>.tsx`); which
 * screen is which comes from route-table.ts. Keys are relative to this file.
 */
const loaders = import.meta.glob<Module>(['../../features/*/components/*-page.tsx', '../../features/*/slots/*.tsx']);

const moduleLoaders = new Map<string, ModuleLoader>();

/** The loader of a module of the route table (a path under web/src, no extension): one per module. */
export function loaderOf(module: string): ModuleLoader {
  const load = loaders[`../../${module}.tsx`];
  if (!load) throw new Error(`route table: no page or slot module ${module}`);
  let loader = moduleLoaders.get(module);
  if (!loader) moduleLoaders.set(module, (loader = moduleLoader(load)));
  return loader;
}

/** Every module path the glob above found (for the test that ties it to the route table). */
export const loadableModules = () => Object.keys(loaders).map((key) => key.replace(/^\.\.\/\.\.\//, '').replace(/\.tsx$/, ''));

interface LazyPage {
  Page: ComponentType<Record<string, unknown>>;
  /** Starts downloading the page's chunk and the slots it shows; resolves when all have arrived. */
  preload: () => Promise<unknown>;
}

/**
 * A route-level code-split page: each screen is its own chunk, so the first load of `/` or `/app`
 * carries only the shell plus that screen (quality budget: ≤ 130 KB of gzipped JS each).
 */
function lazyPage(page: PageName): LazyPage {
  const loaders = modulesOf(page).map(loaderOf);
  return {
    Page: lazyComponent(loaders[0], pageModules[page].exportName),
    preload: () => Promise.all(loaders.map((load) => load())),
  };
}

export const pages = Object.fromEntries(
  (Object.keys(pageModules) as PageName[]).map((page) => [page, lazyPage(page)]),
) as Record<PageName, LazyPage>;

/** A slot's component (slots.tsx renders them): at once when its chunk has arrived, else lazily. */
export const slotComponent = <P extends object>(slot: keyof typeof slotModules, exportName: string) =>
  lazyComponent<P>(loaderOf(slotModules[slot]), exportName);

/**
 * Fetches the chunk of the screen at `pathname` while the app is still finding out who is signed in,
 * instead of after: the first paint then waits for the slower of the two, not for both in a row.
 */
export function preloadPageFor(pathname: string): Promise<void> {
  const route = routeFor(pathname);
  return route ? pages[route.page].preload().then(() => undefined, () => undefined) : Promise.resolve();
}
