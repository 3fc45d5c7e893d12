import type { Plugin } from 'vite';

// The code-splitting group that gathers every initial module (vite.config.ts) takes the entry module in too, so the
// bundler leaves a facade as the entry: a 42-byte file that only imports the group's chunk and calls its start
// function. index.html's <script type="module" src> fetched that file: one more request on a phone's few connections
// at the moment the entry chunk and the early API answers need them (Lantern put /app's entry chunk behind it and the
// manifest's requests). Its text goes into the page as an inline module instead; the CSP hash of inline scripts is
// computed from the built page (scripts/vite/security-headers.ts, local/server.ts), so it is allowed like the others.

interface ChunkLike { type: 'chunk' | 'asset'; fileName: string; isEntry?: boolean; code?: string }

/** A facade's whole text: one import from a sibling chunk and one call (`import{r as e}from"./web-<hash>.js";e();`). */
const FACADE = /^import\s*\{\s*(\w+)\s+as\s+(\w+)\s*\}\s*from\s*"\.\/([\w.-]+\.js)";\s*\2\(\);?\s*$/;

/** index.html with the entry facade's script tag replaced by its text as an inline module (unchanged otherwise). */
export function inlineEntryFacade(html: string, chunks: ChunkLike[], base = '/'): string {
  for (const chunk of chunks) {
    if (chunk.type !== 'chunk' || !chunk.isEntry || !chunk.code) continue;
    const match = FACADE.exec(chunk.code.trim());
    if (!match) continue;
    const tag = new RegExp(`<script type="module" crossorigin src="${base}${chunk.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>`);
    if (!tag.test(html)) continue;
    const [, exported, local, target] = match;
    const folder = chunk.fileName.includes('/') ? chunk.fileName.slice(0, chunk.fileName.lastIndexOf('/') + 1) : '';
    return html.replace(tag, `<script type="module">import{${exported} as ${local}}from"${base}${folder}${target}";${local}();</script>`);
  }
  return html;
}

export function inlineEntryFacadePlugin(): Plugin {
  return {
    name: 'pay-local-inline-entry-facade',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Record<string, ChunkLike> | undefined;
        return bundle ? inlineEntryFacade(html, Object.values(bundle)) : html;
      },
    },
  };
}
