import { lazy, type ComponentType } from 'react';
import { modulesOf, pageModules, type PageName, routeFor, slotModules } from './route-table';

type Module = Record<string, unknown>;

/**
 * The code of every screen and slot, one chunk each, found by file name (a page is a
 * `features/<feature>/components/<name>-page.tsx`, a slot a `features/<feature>/slots/<name>.tsx`); which
 * screen is which comes from route-table.ts. Keys are relative to this file.
 */
const loaders = import.meta.glob<Module>(['../../features/*/components/*-page.tsx', '../../features/*/slots/*.tsx']);

/** The loader of a module of the route table (a path under web/src, no extension). */
export function loaderOf(module: string): () => Promise<Module> {
  const load = loaders[`../../${module}.tsx`];
  if (!load) throw new Error(`route table: no page or slot module ${module}`);
  return load;
}

/** Every module path the glob above found (for the test that ties it to the route table). */
export const loadableModules = () => Object.keys(loaders).map((key) => key.replace(/^\.\.\/\.\.\//, '').replace(/\.tsx$/, ''));

interface LazyPage {
  Page: ComponentType<Record<string, unknown>>;
  /** Starts downloading the page's chunk and the slots it shows (idempotent: the browser and the bundler dedupe). */
  preload: () => Promise<unknown>;
}

/**
 * A route-level code-split page: each screen is its own chunk, so the first load of `/` or `/app`
 * carries only the shell plus that screen (quality budget: ≤ 130 KB of gzipped JS each).
 */
function lazyPage(page: PageName): LazyPage {
  const { exportName } = pageModules[page];
  const [module, ...alsoLoad] = modulesOf(page).map(loaderOf);
  let loading: Promise<Module> | null = null;
  const preload = () => {
    loading ??= module();
    for (const extra of alsoLoad) void extra().catch(() => undefined);
    return loading;
  };
  const Page = lazy(async () => ({ default: (await preload())[exportName] as ComponentType<Record<string, unknown>> }));
  return { Page, preload };
}

export const pages = Object.fromEntries(
  (Object.keys(pageModules) as PageName[]).map((page) => [page, lazyPage(page)]),
) as Record<PageName, LazyPage>;

/** The loader of a slot's chunk (slots.tsx renders them). */
export const loadSlot = (slot: keyof typeof slotModules) => loaderOf(slotModules[slot]);

/**
 * Fetches the chunk of the screen at `pathname` while the app is still finding out who is signed in,
 * instead of after: the first paint then waits for the slower of the two, not for both in a row.
 */
export function preloadPageFor(pathname: string) {
  const route = routeFor(pathname);
  if (route) void pages[route.page].preload().catch(() => undefined);
}
