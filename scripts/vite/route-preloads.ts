import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { screenPaths } from '../../web/src/app/screen-paths.ts';

// Each screen is a lazily loaded chunk (web/src/app/router.tsx), so a first visit used to find out
// which chunks it needs only after the entry script had downloaded and run. This plugin writes the route →
// chunks table into index.html, and a few lines there start those downloads while the entry still loads:
// on a slow phone the first screen appears one download earlier (Largest Contentful Paint).

interface OutputChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  moduleIds?: string[];
}

/** Each screen's path → its route module, `app/routes/<name>.tsx` (absolute, no extension), from screen-paths.ts. */
export function routeModules(srcDir: string): Record<string, string> {
  const table: Record<string, string> = {};
  for (const [name, paths] of Object.entries(screenPaths)) {
    const file = join(srcDir, 'app', 'routes', name);
    if (!existsSync(`${file}.tsx`)) missing(`app/routes/${name}.tsx (named in web/src/app/screen-paths.ts)`);
    for (const path of paths) table[path] = file;
  }
  return table;
}

function missing(what: string): never {
  throw new Error(`route-preloads: could not find ${what}`);
}

export function routePreloads({ srcDir }: { srcDir: string }): Plugin {
  return {
    name: 'pay-local-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Record<string, OutputChunkLike> | undefined;
        if (!bundle || !html.includes('<div id="root">')) return html; // offline.html and other pages: nothing to do
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string[], into = new Set<string>()) => {
          for (const file of start) {
            if (into.has(file)) continue;
            into.add(file);
            closure(byFile.get(file)?.imports ?? [], into);
          }
          return into;
        };
        const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const table: Record<string, string[]> = {};
        for (const [path, module] of Object.entries(routeModules(srcDir))) {
          const holds = (chunk: OutputChunkLike) =>
            chunk.facadeModuleId?.startsWith(`${module}.`) || chunk.moduleIds?.some((id) => id.startsWith(`${module}.`));
          const file = chunks.find(holds)?.fileName ?? missing(`the chunk of ${module}`);
          table[path] = [...closure([file])].filter((chunkFile) => !initial.has(chunkFile));
        }
        const script =
          '<script>(function(t){var f=t[location.pathname.replace(/(.)\\/+$/,"$1")];' +
          'if(f)f.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href="/"+h;document.head.appendChild(l)})})(' +
          JSON.stringify(table) +
          ')</script>';
        return html.replace('</title>', `</title>\n    ${script}`);
      },
    },
  };
}
