// Local folder adapter (embedded default): one file per object under OBJECTS_DIR. Content types
// are read back from the bytes (only images are stored), so no metadata files are needed.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { detectImageType } from '../../../_shared/images.ts';
import { assertValidObjectKey, type ObjectStore } from './object-store.ts';

export function localFolderStore(dir: string): ObjectStore {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    assertValidObjectKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async get(key) {
      try {
        const bytes = new Uint8Array(await readFile(pathOf(key)));
        return { bytes, contentType: detectImageType(bytes) ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
