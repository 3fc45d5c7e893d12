import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, moduleLoader } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const render = (Component: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>waiting</p>}>
      <Component name="Maya" />
    </Suspense>,
  );

describe('lazyComponent', () => {
  it('renders its fallback while the chunk has not arrived', () => {
    const load = vi.fn(() => new Promise<Record<string, unknown>>(() => undefined));
    expect(render(lazyComponent(moduleLoader(load), 'Greeting'))).toContain('waiting');
  });

  it('renders the component at once (no fallback) once the chunk has arrived', async () => {
    const loader = moduleLoader(async () => ({ Greeting }));
    const Component = lazyComponent<{ name: string }>(loader, 'Greeting');
    await loader();
    const html = render(Component);
    expect(html).toContain('Hello <!-- -->Maya');
    expect(html).not.toContain('waiting');
  });

  it('downloads a chunk once, however often it is asked for', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const loader = moduleLoader(load);
    await Promise.all([loader(), loader()]);
    await loader();
    expect(load).toHaveBeenCalledTimes(1);
    expect(loader.loaded).toEqual({ Greeting });
  });

  it('asks again after a failed download (offline for a moment)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ Greeting });
    const loader = moduleLoader(load);
    await expect(loader()).rejects.toThrow('Failed to fetch');
    expect(loader.loaded).toBeUndefined();
    await expect(loader()).resolves.toEqual({ Greeting });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
