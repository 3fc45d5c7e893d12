// SQL lives in the API's domain/ (and the database adapters in db/): a route parses, calls one domain function and
// answers; middleware, lib/ helpers and ports (the adapters to mail, push, storage, payments) call domain functions
// too (decision 177). The config applies this rule to every API module but domain/, db/ and tests. It fails on the
// two ways SQL shows up in a module:
// - a string or template literal that starts like a statement: `select ...` (lower- or upper-case, as the code
//   writes SQL; "Select a city" is English), or, in any case, `insert into`, `delete from`, `update <table> set`,
//   `with <name> as (`;
// - a call of the query function itself: `q(...)`, `q<Row>(...)`, `query(...)`, `sql(...)`, a `sql` tagged
//   template, or `.unsafe(...)` (postgres.js).
const STATEMENT = [
  /^\s*(select|SELECT)\s/,
  /^\s*insert\s+into\s/i,
  /^\s*delete\s+from\s/i,
  /^\s*update\s+[\w."]+(\s+\w+)?\s+set\s/i,
  /^\s*with\s+(recursive\s+)?[\w"]+\s+as\s*(not\s+)?(materialized\s+)?\(/i,
];
const QUERY_FUNCTIONS = new Set(['q', 'query', 'sql']);

const looksLikeSql = (text) => typeof text === 'string' && STATEMENT.some((re) => re.test(text));

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'API modules outside domain/ and db/ hold no SQL: it belongs in domain/ (decision 177)' },
    schema: [],
    messages: {
      sqlText: 'SQL outside domain/: move the statement into a domain/ function and call that (decision 177).',
      queryCall: 'The query function `{{name}}` is called outside domain/: move the query into a domain/ function (decision 177).',
    },
  },
  create(context) {
    return {
      Literal(node) {
        if (looksLikeSql(node.value)) context.report({ node, messageId: 'sqlText' });
      },
      TemplateLiteral(node) {
        const first = node.quasis[0]?.value.cooked ?? node.quasis[0]?.value.raw;
        if (looksLikeSql(first)) context.report({ node, messageId: 'sqlText' });
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && QUERY_FUNCTIONS.has(node.tag.name)) {
          context.report({ node, messageId: 'queryCall', data: { name: node.tag.name } });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && QUERY_FUNCTIONS.has(callee.name)) {
          context.report({ node, messageId: 'queryCall', data: { name: callee.name } });
        } else if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'unsafe') {
          context.report({ node, messageId: 'queryCall', data: { name: 'unsafe' } });
        }
      },
    };
  },
};

export default rule;
