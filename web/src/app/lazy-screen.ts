import { type ComponentType, createElement, lazy, useState } from 'react';

/** What a route module (app/routes/<name>.tsx) exports: the screen, composed from the features it shows. */
export interface ScreenModule {
  Component: ComponentType;
}

export interface LazyScreen {
  /** Renders the screen: at once when its chunk has arrived, else through the nearest Suspense. */
  Screen: ComponentType;
  /** Starts the chunk's download (once); resolves when it has arrived. */
  preload: () => Promise<ScreenModule>;
  /** The module, once it has arrived. */
  readonly loaded: ScreenModule | undefined;
}

/**
 * A code-split screen (its own chunk, so the first load of `/` or `/app` carries only the shell plus that screen)
 * that renders at once when its chunk has already arrived: the app preloads the first screen's chunk while it
 * finds out who is signed in. React.lazy suspends on its first render even then, so the first screen would
 * commit a fallback and show itself only in a later task (decision 135). Which of the two renders is chosen
 * once per mount, so a mounted screen never switches type (that would remount it and lose its state).
 * A failed download (offline for a moment) is asked again on the next render.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let loading: Promise<ScreenModule> | undefined;
  let loaded: ScreenModule | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: (await preload()).Component }));
  function Screen() {
    const [Component] = useState<ComponentType>(() => loaded?.Component ?? Lazy);
    return createElement(Component);
  }
  return {
    Screen,
    preload,
    get loaded() {
      return loaded;
    },
  };
}
