import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

type Hook = (...args: unknown[]) => void;

describe('precompress: brotli copies of the bundle', () => {
  it('writes a .br beside each text file of 1 KB or more, decoding to the same bytes; nothing for others', () => {
    const root = mkdtempSync(join(tmpdir(), 'paylocal-precompress-'));
    mkdirSync(join(root, 'out', 'assets'), { recursive: true });
    const script = Buffer.from('export const text = "' + 'pay local '.repeat(300) + '";\n');
    writeFileSync(join(root, 'out', 'assets', 'app.js'), script);
    writeFileSync(join(root, 'out', 'assets', 'tiny.css'), 'a{}');
    writeFileSync(join(root, 'out', 'assets', 'icon.png'), Buffer.alloc(4096));
    const plugin = precompress();
    (plugin.writeBundle as Hook)({ dir: join(root, 'out') }, { 'assets/app.js': {}, 'assets/tiny.css': {}, 'assets/icon.png': {} });
    const copy = join(root, 'out', 'assets', 'app.js.br');
    expect(brotliDecompressSync(readFileSync(copy)).equals(script)).toBe(true);
    expect(existsSync(join(root, 'out', 'assets', 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(root, 'out', 'assets', 'icon.png.br'))).toBe(false);
  });
});
