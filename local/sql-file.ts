import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The text of a SQL file with each psql `\ir <file>` line (include, relative to the including file) replaced by
 * that file's text, recursively: the files stay runnable with `psql -f`, and PGlite or a driver (which do not
 * know psql's commands) get plain SQL.
 */
export function readSqlFile(path: string): string {
  return readFileSync(path, 'utf8').replace(/^\\ir\s+(\S+)\s*$/gm, (_line, file: string) => readSqlFile(resolve(dirname(path), file)));
}
