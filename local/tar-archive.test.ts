// The backup's container (local/tar-archive.ts): what it writes, `tar` reads, and it reads back what it wrote,
// names longer than ustar's 100 bytes included (a PAX path record).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readTar, tarBlocks, tarEnd, type TarEntry } from './tar-archive.ts';

const entries: TarEntry[] = [
  { name: 'manifest.json', bytes: new TextEncoder().encode('{"format":"x"}\n') },
  { name: `mail/${'a'.repeat(120)}.eml`, bytes: new TextEncoder().encode('Subject: long name\r\n') },
  { name: 'objects/profile-pictures/ü/empty', bytes: new Uint8Array(0) },
  { name: 'objects/block', bytes: new Uint8Array(512).fill(7) },
];
const archive = () => Buffer.concat([...entries.flatMap((e) => [...tarBlocks(e)]), tarEnd()]);

it('reads back every file it wrote, long and non-ASCII names, empty and block-sized files', () => {
  const read = readTar(archive());
  expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
  read.forEach((e, i) => expect(Buffer.from(e.bytes)).toEqual(Buffer.from(entries[i]!.bytes)));
});

it('writes what tar lists and extracts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paylocal-tar-'));
  try {
    writeFileSync(join(dir, 'a.tar'), archive());
    const listed = spawnSync('tar', ['tf', join(dir, 'a.tar')], { encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(entries.map((e) => e.name));
    expect(spawnSync('tar', ['xf', join(dir, 'a.tar'), '-C', dir]).status).toBe(0);
    expect(readFileSync(join(dir, entries[1]!.name), 'utf8')).toBe('Subject: long name\r\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('refuses a file that is not a tar archive, and one cut short', () => {
  expect(() => readTar(new Uint8Array(1024).fill(65))).toThrow(/not a tar archive/);
  expect(() => readTar(archive().subarray(0, 512 * 4 + 100))).toThrow(/truncated/);
});
