import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type LazyScreen, lazyScreen, type ScreenModule } from './lazy-screen';

function Greeting() {
  return <p>Hello Maya</p>;
}

const render = ({ Screen }: LazyScreen) =>
  renderToString(
    <Suspense fallback={<p>waiting</p>}>
      <Screen />
    </Suspense>,
  );

describe('lazyScreen', () => {
  it('renders its fallback while the chunk has not arrived', () => {
    const load = vi.fn(() => new Promise<ScreenModule>(() => undefined));
    expect(render(lazyScreen(load))).toContain('waiting');
  });

  it('renders the screen at once (no fallback) once the chunk has arrived', async () => {
    const screen = lazyScreen(async () => ({ Component: Greeting }));
    await screen.preload();
    const html = render(screen);
    expect(html).toContain('Hello Maya');
    expect(html).not.toContain('waiting');
  });

  it('downloads a chunk once, however often it is asked for', async () => {
    const load = vi.fn(async () => ({ Component: Greeting }));
    const screen = lazyScreen(load);
    await Promise.all([screen.preload(), screen.preload()]);
    await screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.loaded).toEqual({ Component: Greeting });
  });

  it('asks again after a failed download (offline for a moment)', async () => {
    const load = vi.fn<() => Promise<ScreenModule>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ Component: Greeting });
    const screen = lazyScreen(load);
    await expect(screen.preload()).rejects.toThrow('Failed to fetch');
    expect(screen.loaded).toBeUndefined();
    await expect(screen.preload()).resolves.toEqual({ Component: Greeting });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
