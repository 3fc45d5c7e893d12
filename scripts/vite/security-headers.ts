import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import {
  COMMON_SECURITY_HEADERS, HSTS, inlineScripts, mapOrigins, scriptHash, webAppCsp,
} from '../../supabase/functions/api/http/request-guards.ts';

/**
 * Writes dist/web/_headers (the format Netlify and Cloudflare Pages read) with the web app's security
 * headers (decision 089): the same CSP the local runner sends, with the hashes of the built pages' inline
 * scripts and the map's origins from the build's environment (MAP_STYLE_URL, MAP_ORIGINS: set them as the API's).
 * A static host that reads no such file must be configured with the same headers by hand.
 */
export function securityHeadersFile(): Plugin {
  let outDir = '';
  return {
    name: 'pay-local-security-headers',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const hashes = new Set<string>();
      for (const page of ['index.html', 'offline.html']) {
        const file = join(outDir, page);
        if (!existsSync(file)) continue;
        for (const body of inlineScripts(readFileSync(file, 'utf8'))) hashes.add(await scriptHash(body));
      }
      const headers = { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': webAppCsp([...hashes], mapOrigins(process.env)), 'Strict-Transport-Security': HSTS };
      const lines = ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ''];
      writeFileSync(join(outDir, '_headers'), lines.join('\n'));
    },
  };
}
