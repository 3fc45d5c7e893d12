// Import resolver for eslint-plugin-boundaries that understands the '@/' and '@shared/' aliases of
// vite.config.ts and tsconfig.json, then defers to the stock Node resolver (which adds .ts/.tsx extensions).
// Kept local to avoid another dependency just for two path prefixes.
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const root = path.resolve(__dirname, '..');
const ALIASES = [
  ['@shared/', path.join(root, 'supabase/functions/_shared/')],
  ['@/', path.join(root, 'web/src/')],
];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'];

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file, config) {
  const alias = ALIASES.find(([prefix]) => source.startsWith(prefix));
  const target = alias ? alias[1] + source.slice(alias[0].length) : source;
  return nodeResolver.resolve(target, file, { extensions: EXTENSIONS, ...config });
};
