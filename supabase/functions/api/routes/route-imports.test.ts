// Routes never import other route modules (coord notes; issue 14): what two routes share lives in
// supabase/functions/api/domain/ (or lib/). A route module is a folder under routes/ or a file
// directly in it; files inside one module may import each other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const routesDir = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The route module a path under routes/ belongs to (its first segment), or null outside routes/. */
function moduleOf(path: string): string | null {
  const rel = relative(routesDir, path);
  if (rel.startsWith('..')) return null;
  return rel.split(sep)[0].replace(/\.ts$/, '');
}

/** `file imports target` for every import of one route module that lands in another route module. */
export function crossRouteImports(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const own = moduleOf(file);
    return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles
      .map((imported) => imported.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(dirname(file), spec))
      .filter((target) => moduleOf(target) !== null && moduleOf(target) !== own)
      .map((target) => `${relative(routesDir, file)} imports ${relative(routesDir, target)}`);
  });
}

describe('route modules', () => {
  it('never import another route module', () => {
    expect(crossRouteImports(sourceFiles(routesDir))).toEqual([]);
  });

  it('the check sees such an import', () => {
    const fixture = join(routesDir, 'admin', 'users.ts');
    const text = readFileSync(fixture, 'utf8');
    expect(text).toContain("from '../../domain/provider-call.ts'");
    // The same file as it was before provider-call moved to domain/: reported.
    const before = ts.preProcessFile(text.replace('../../domain/provider-call.ts', '../subscriptions/provider-call.ts'), true, true)
      .importedFiles.map((f) => resolve(dirname(fixture), f.fileName)).filter((target) => moduleOf(target) === 'subscriptions');
    expect(before).toHaveLength(1);
  });
});
