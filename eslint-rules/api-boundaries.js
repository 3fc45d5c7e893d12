// The boundaries between the API's folders (issue 36): supabase/functions/api/ holds one folder per feature, plus
// db/ (the database port and SQL helpers), http/ (middleware, cookies, errors, validation, the request context),
// ports/ (adapters to the outside world) and jobs/ (the queue drains and clean-ups). This rule resolves each relative
// import of an API module and fails on:
// - a port importing a feature, jobs/ or http/: a port adapts the outside world and knows nothing of what uses it;
// - a feature importing a file of another feature other than that feature's index.ts, its only public surface.
// Tests may reach into any feature (they set up and observe it). Cycles are import-x/no-cycle's.
import { dirname, relative, resolve, sep } from 'node:path';

const API = `supabase${sep}functions${sep}api`;
const NOT_FEATURES = new Set(['db', 'http', 'ports', 'jobs']);

/** The first folder under the API of an absolute path ('' for a top-level file), or null outside the API. */
function placeOf(root, file) {
  const rel = relative(resolve(root, API), file);
  if (rel.startsWith('..') || rel === '') return null;
  const parts = rel.split(sep);
  return parts.length === 1 ? { folder: '', rest: parts[0] } : { folder: parts[0], rest: parts.slice(1).join('/') };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "API ports import no feature, jobs or http; a feature uses another only through its index.ts" },
    schema: [],
    messages: {
      portImportsFeature: 'A port imports no {{kind}} ({{target}}): it adapts the outside world; the feature or job calls it instead (issue 36).',
      skipsIndex: "Feature '{{from}}' imports {{target}}: use '{{feature}}/index.ts', that feature's public surface (issue 36).",
    },
  },
  create(context) {
    const file = context.filename;
    if (/\.test\.tsx?$/.test(file)) return {};
    const root = context.cwd;
    const from = placeOf(root, file);
    if (!from) return {};
    const fromIsPort = from.folder === 'ports';
    const fromFeature = from.folder && !NOT_FEATURES.has(from.folder) ? from.folder : null;
    if (!fromIsPort && !fromFeature) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = placeOf(root, resolve(dirname(file), spec));
      if (!to || to.folder === '') return;
      const target = `${to.folder}/${to.rest}`;
      if (fromIsPort) {
        if (to.folder === 'jobs' || to.folder === 'http') {
          context.report({ node, messageId: 'portImportsFeature', data: { kind: `${to.folder}/ module`, target } });
        } else if (!NOT_FEATURES.has(to.folder)) {
          context.report({ node, messageId: 'portImportsFeature', data: { kind: 'feature', target } });
        }
        return;
      }
      if (!NOT_FEATURES.has(to.folder) && to.folder !== fromFeature && to.rest !== 'index.ts') {
        context.report({ node, messageId: 'skipsIndex', data: { from: fromFeature, target, feature: to.folder } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default rule;
