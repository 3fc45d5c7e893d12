import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, posix } from 'node:path';
import ts from 'typescript';

// "A comment never names a file that does not exist" (issue 36). This module finds the comments of the
// repository's source files, the path-like names in them, and the names no file answers to.
//
// Which files: .ts .tsx .mts .cts .js .mjs .cjs .jsx .sql .css .toml under web/, supabase/, local/, scripts/,
// tests/, bench/ and eslint-rules/, never inside node_modules, dist or .data, and not the migrations: an applied
// migration is never edited (decision 184), and the baseline names the files it replaced.
//
// Which text is a comment: in script files, what the TypeScript scanner calls a comment (`//` and `/* */`, so
// strings, template literals and regular expressions are never read as comments); in SQL, `--` to the end of the
// line and `/* */` outside single-quoted strings; in CSS, `/* */`; in TOML, `#` to the end of the line outside
// quoted strings.
//
// Which words are path-like names: a run of letters, digits, `_`, `.`, `-` and `/` that ends in a file extension
// of PATH_EXTENSIONS and has at least one character before the extension's dot, either with a `/` in it
// (`deals/deals.ts`, `../docs/spec.md`) or bare (`app.ts`) with at least two characters before the
// extension (`c.json` is a variable's property, not a file). A run that touches a character that
// makes it a pattern, a placeholder or code is not a name: preceded by one of `/ . @ * $ { < > : -` or a letter or
// digit (the middle of a URL, `*.test.ts`, `${name}.ts`, `<name>-page.tsx`), or followed by a letter, digit, `/`,
// `*`, `{`, `(` or `-` (`c.json(...)` is a call). Capitalised `Name.js` words (Node.js, Stripe.js) and
// LIBRARY_NAMES are products, not files.
//
// When a name names a file: a name with a `/` exists relative to the repository root, the commenting file's
// folder or any folder above it, one of COMMON_ROOTS, or through the `@/` and `@shared/` import aliases; a name
// whose first segment is an installed package (`bcryptjs/dist/bcrypt.js`) is left to the package; a name under a
// folder the build or the runner writes (GENERATED_ROOTS) is not checked. A bare name exists when any file of the
// repository has that name, or when the build writes it (GENERATED_NAMES).

const SOURCE_ROOTS = ['web', 'supabase', 'local', 'scripts', 'tests', 'bench', 'eslint-rules'];
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx', '.sql', '.css', '.toml'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'playwright-report', 'coverage']);
const PATH_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'mjs', 'cjs', 'jsx', 'sql', 'css', 'toml', 'json', 'md', 'html', 'sh', 'yml', 'yaml'];
const COMMON_ROOTS = ['supabase/functions/api', 'supabase/functions', 'supabase/functions/_shared', 'supabase', 'web/src', 'web', 'docs'];
const ALIASES: Record<string, string> = { '@/': 'web/src/', '@shared/': 'supabase/functions/_shared/' };
// Folders whose files the build, the runner or the tests write: a comment may name what will be there.
const GENERATED_ROOTS = ['dist/', '.data/', 'node_modules/', 'test-results/', 'coverage/', '.ci/.node/'];
// Files the build writes at the root of `dist/web` (the service worker and the static host's header file).
const GENERATED_NAMES = new Set(['sw.js', 'workbox.js']);
// Libraries whose name is spelt like a file.
const LIBRARY_NAMES = new Set(['postgres.js']);
const SKIPPED_SOURCES = ['supabase/migrations/'];

const NAME = new RegExp(
  String.raw`(?<![\w/.@*$\{<>:-])((?:\.{1,2}/)*(?:[\w.-]+/)*[\w.-]*[\w-]\.(?:${PATH_EXTENSIONS.join('|')}))(?![\w/*{(-])`,
  'g',
);

export type Comment = { line: number; text: string };

/** The comments of one source file, each with the line it starts on (1-based). */
export function commentsOf(source: string, extension: string): Comment[] {
  if (extension === '.sql') return sqlComments(source);
  if (extension === '.css') return blockComments(source);
  if (extension === '.toml') return hashComments(source);
  return scriptComments(source, extension);
}

function lineAt(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

function scriptComments(source: string, extension: string): Comment[] {
  const variant = extension === '.tsx' || extension === '.jsx' ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, source);
  const comments: Comment[] = [];
  // The scanner reads `/` as division unless told a regular expression may start here; asking after a token
  // that cannot end an expression keeps `/.../` literals (which may hold `//`) out of the comments.
  let previous: ts.SyntaxKind = ts.SyntaxKind.Unknown;
  // A `}` closes either a block or a template's `${…}`; only the second goes back to scanning template text.
  const braces: ('{' | '`')[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      comments.push({ line: lineAt(source, scanner.getTokenStart()), text: scanner.getTokenText() });
      continue;
    }
    if (kind === ts.SyntaxKind.WhitespaceTrivia || kind === ts.SyntaxKind.NewLineTrivia) continue;
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && regexMayStart(previous)) {
      kind = scanner.reScanSlashToken();
    }
    if (kind === ts.SyntaxKind.OpenBraceToken) braces.push('{');
    else if (kind === ts.SyntaxKind.TemplateHead) braces.push('`');
    else if (kind === ts.SyntaxKind.CloseBraceToken) {
      if (braces.at(-1) === '`') {
        kind = scanner.reScanTemplateToken(false);
        if (kind === ts.SyntaxKind.TemplateTail) braces.pop();
      } else braces.pop();
    }
    previous = kind;
  }
  return comments;
}

function regexMayStart(previous: ts.SyntaxKind): boolean {
  return !(
    previous === ts.SyntaxKind.Identifier ||
    previous === ts.SyntaxKind.NumericLiteral ||
    previous === ts.SyntaxKind.StringLiteral ||
    previous === ts.SyntaxKind.CloseParenToken ||
    previous === ts.SyntaxKind.CloseBracketToken ||
    previous === ts.SyntaxKind.CloseBraceToken ||
    previous === ts.SyntaxKind.TemplateTail ||
    previous === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
    previous === ts.SyntaxKind.RegularExpressionLiteral ||
    previous === ts.SyntaxKind.ThisKeyword ||
    previous === ts.SyntaxKind.PlusPlusToken ||
    previous === ts.SyntaxKind.MinusMinusToken
  );
}

function sqlComments(source: string): Comment[] {
  const comments: Comment[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "'") {
      for (i++; i < source.length; i++) {
        if (source[i] === "'" && source[i + 1] === "'") i++;
        else if (source[i] === "'") break;
      }
    } else if (c === '-' && source[i + 1] === '-') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      comments.push({ line: lineAt(source, i), text: source.slice(i, stop) });
      i = stop;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      comments.push({ line: lineAt(source, i), text: source.slice(i, stop) });
      i = stop - 1;
    }
  }
  return comments;
}

function blockComments(source: string): Comment[] {
  return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ line: lineAt(source, m.index), text: m[0] }));
}

function hashComments(source: string): Comment[] {
  const comments: Comment[] = [];
  source.split('\n').forEach((text, index) => {
    let quote = '';
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === '\\' && quote === '"') i++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '#') {
        comments.push({ line: index + 1, text: text.slice(i) });
        return;
      }
    }
  });
  return comments;
}

/** The path-like names in one comment's text, in order, each with its line within the comment (0 = the first). */
export function pathNamesIn(comment: string): { name: string; line: number }[] {
  return [...comment.matchAll(NAME)]
    .filter((m) => !/^[A-Z][a-z]+\.js$/.test(m[1]) && !LIBRARY_NAMES.has(m[1]))
    .filter((m) => m[1].includes('/') || m[1].indexOf('.') >= 2)
    .map((m) => ({ name: m[1], line: comment.slice(0, m.index).split('\n').length - 1 }));
}

/** What a resolver needs to know about the repository. */
export type Repository = { root: string; files: Set<string>; basenames: Set<string> };

export function listRepository(root: string): Repository {
  const files = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name) || (folder === '.ci' && entry.name === '.node')) continue;
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else files.add(path);
    }
  };
  walk('');
  return { root, files, basenames: new Set([...files].map((f) => basename(f))) };
}

/** Whether `name`, found in a comment of `file` (a path from the root), names a file that exists. */
export function nameExists(name: string, file: string, repository: Repository): boolean {
  if (!name.includes('/')) return repository.basenames.has(name) || GENERATED_NAMES.has(name);
  if (GENERATED_ROOTS.some((generated) => name.startsWith(generated))) return true;
  const has = (path: string) => {
    const normal = posix.normalize(path);
    if (normal.startsWith('..')) return false;
    if (repository.files.has(normal)) return true;
    // A folder with the extension in its name is not a file, but a file inside it still counts as named.
    return [...repository.files].some((f) => f.startsWith(`${normal}/`));
  };
  for (const [alias, target] of Object.entries(ALIASES)) if (name.startsWith(alias)) return has(target + name.slice(alias.length));
  const folders = [''];
  for (let folder = dirname(file); folder !== '.' && folder !== ''; folder = dirname(folder)) folders.push(folder);
  folders.push(...COMMON_ROOTS);
  if (folders.some((folder) => has(folder ? `${folder}/${name}` : name))) return true;
  const [first, second] = name.split('/');
  const packageName = first.startsWith('@') ? `${first}/${second}` : first;
  return existsSync(join(repository.root, 'node_modules', packageName, 'package.json'));
}

export type Finding = { file: string; line: number; name: string };

/** Every comment naming a file that does not exist, in the source files under SOURCE_ROOTS. */
export function findMissingNames(root: string, repository = listRepository(root)): Finding[] {
  const findings: Finding[] = [];
  const sources = [...repository.files]
    .filter((f) => SOURCE_ROOTS.includes(f.split('/')[0]) && SOURCE_EXTENSIONS.includes(extname(f)))
    .filter((f) => !SKIPPED_SOURCES.some((skipped) => f.startsWith(skipped)))
    .sort();
  for (const file of sources) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const comment of commentsOf(source, extname(file))) {
      for (const { name, line } of pathNamesIn(comment.text)) {
        if (!nameExists(name, file, repository)) findings.push({ file, line: comment.line + line, name });
      }
    }
  }
  return findings;
}
