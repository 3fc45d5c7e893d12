// The backup file's container (decision 197): a gzipped POSIX tar, so `tar tzf` lists it and `tar xzf` opens it
// without this project's code. Only what a backup holds is written and read: regular files, with a PAX `path`
// record when a name does not fit ustar's 100 bytes (a mail file's name alone may be 124). Written by hand rather
// than with a tar package: about a hundred lines, and no dependency for the one format the project reads.

const BLOCK = 512;

export interface TarEntry {
  /** A relative path with `/` separators. */
  name: string;
  bytes: Uint8Array;
  /** Seconds since the epoch. */
  mtime?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function writeField(header: Uint8Array, offset: number, length: number, value: string) {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`tar: "${value}" does not fit ${length} bytes`);
  header.set(bytes, offset);
}

/** An octal number, zero-padded, ending in NUL (ustar's numeric fields). */
const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;

function header(name: string, size: number, mtime: number, type: '0' | 'x'): Uint8Array {
  const block = new Uint8Array(BLOCK);
  writeField(block, 0, 100, name);
  writeField(block, 100, 8, octal(0o644, 8));
  writeField(block, 108, 8, octal(0, 8));
  writeField(block, 116, 8, octal(0, 8));
  writeField(block, 124, 12, octal(size, 12));
  writeField(block, 136, 12, octal(Math.floor(mtime), 12));
  block.fill(0x20, 148, 156); // the checksum field counts as spaces while it is summed
  writeField(block, 156, 1, type);
  writeField(block, 257, 6, 'ustar\0');
  writeField(block, 263, 2, '00');
  let sum = 0;
  for (const byte of block) sum += byte;
  writeField(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

const padding = (size: number) => new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);

/** A PAX record "<length> path=<name>\n", whose length counts its own digits. */
function paxPath(name: string): Uint8Array {
  const body = ` path=${name}\n`;
  const bodyLength = encoder.encode(body).length;
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return encoder.encode(`${length}${body}`);
}

/** The blocks of one file: its header (after a PAX header when the name is long), its bytes, their padding. */
export function* tarBlocks(entry: TarEntry): Generator<Uint8Array> {
  const mtime = entry.mtime ?? Date.now() / 1000;
  let name = entry.name;
  if (encoder.encode(name).length > 100) {
    const pax = paxPath(name);
    yield header('PaxHeader', pax.length, mtime, 'x');
    yield pax;
    yield padding(pax.length);
    name = name.slice(-90).replace(/^[^/]*\//, ''); // what a reader without PAX support shows
  }
  yield header(name, entry.bytes.length, mtime, '0');
  yield entry.bytes;
  yield padding(entry.bytes.length);
}

/** The end of an archive: two empty blocks. */
export const tarEnd = () => new Uint8Array(BLOCK * 2);

const field = (block: Uint8Array, offset: number, length: number) => {
  const bytes = block.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return decoder.decode(end === -1 ? bytes : bytes.subarray(0, end));
};

/** The regular files of an (uncompressed) tar archive; directories are implied by the paths. */
export function readTar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let longName: string | undefined;
  for (let offset = 0; ;) {
    // An archive ends with empty blocks: one that stops before them was cut short (a copy that did not finish).
    if (offset + BLOCK > archive.length) throw new Error('the archive ends in the middle of a file (truncated)');
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
    if (sum !== parseInt(field(block, 148, 8).trim(), 8)) throw new Error(`not a tar archive (bad header checksum at byte ${offset})`);
    const size = parseInt(field(block, 124, 12).trim() || '0', 8);
    const type = field(block, 156, 1) || '0';
    const prefix = field(block, 345, 155);
    const data = archive.subarray(offset + BLOCK, offset + BLOCK + size);
    if (data.length !== size) throw new Error('the archive ends in the middle of a file (truncated)');
    offset += BLOCK + size + padding(size).length;
    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(decoder.decode(data))?.[1];
      continue;
    }
    const name = longName ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    longName = undefined;
    if (type === '0') entries.push({ name, bytes: data, mtime: parseInt(field(block, 136, 12).trim() || '0', 8) });
  }
  return entries;
}
