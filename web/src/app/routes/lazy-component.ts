import { type ComponentType, createElement, lazy, useState } from 'react';

export type Module = Record<string, unknown>;

/** A chunk's loader that loads once and remembers the module once it has arrived. */
export interface ModuleLoader {
  (): Promise<Module>;
  /** The module, once loaded. */
  readonly loaded: Module | undefined;
}

/** Wraps a bundler loader: one download, the module kept for synchronous use; a failed download may be retried. */
export function moduleLoader(load: () => Promise<Module>): ModuleLoader {
  let loading: Promise<Module> | undefined;
  let loaded: Module | undefined;
  const loader = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // offline for a moment: the next render asks again
        throw error;
      },
    ));
  return Object.defineProperty(loader, 'loaded', { get: () => loaded }) as ModuleLoader;
}

/**
 * A code-split component that renders at once when its chunk has already arrived (the app preloads a screen's
 * chunks while it finds out who is signed in). React.lazy suspends on its first render even then: the first
 * screen would commit a fallback and show itself only in a later task. Which of the two renders is chosen
 * once per mount, so a mounted component never switches type (that would remount it and lose its state).
 */
export function lazyComponent<P extends object>(loader: ModuleLoader, exportName: string): ComponentType<P> {
  const pick = (module: Module) => module[exportName] as ComponentType<P>;
  const Lazy = lazy(async () => ({ default: pick(await loader()) }));
  function LazyComponent(props: P) {
    const [Component] = useState<ComponentType<P>>(() => (loader.loaded ? pick(loader.loaded) : Lazy));
    return createElement(Component, props);
  }
  LazyComponent.displayName = `Lazy(${exportName})`;
  return LazyComponent;
}
