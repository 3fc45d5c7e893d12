import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { modulesOf, routeTable } from '../../web/src/app/routes/route-table.ts';

// Each screen is a lazily loaded chunk (web/src/app/routes/route-table.ts, lazy-pages.ts), so a first visit used to find out
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

/** Each screen's path → the modules it shows at once (absolute, no extension), from the route table's data. */
export function routeModules(srcDir: string): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const route of routeTable) {
    table[route.path] = modulesOf(route.page).map((module) => {
      const file = join(srcDir, module);
      if (!existsSync(`${file}.tsx`)) missing(`${module}.tsx (named in web/src/app/routes/route-table.ts)`);
      return file;
    });
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
        for (const [path, modules] of Object.entries(routeModules(srcDir))) {
          const holds = (chunk: OutputChunkLike, module: string) =>
            chunk.facadeModuleId?.startsWith(`${module}.`) || chunk.moduleIds?.some((id) => id.startsWith(`${module}.`));
          const files = modules.map((module) => chunks.find((chunk) => holds(chunk, module))?.fileName ?? missing(`the chunk of ${module}`));
          table[path] = [...closure(files)].filter((file) => !initial.has(file));
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
