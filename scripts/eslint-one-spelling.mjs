// ESLint rules for "one spelling per concept" (decision 178): each concept has one module, and writing it a
// second time by hand fails lint. A local plugin rather than `no-restricted-syntax`, so these never replace (or
// get replaced by) another block's `no-restricted-syntax` options in the flat config. tests/lint/one-spelling.test.ts
// shows each rule failing on a second spelling.

const BASE64 = /^(base64|base64url)$/;

/** The value of a string literal node, else undefined. */
const literal = (node) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined);
const regexSource = (node) => (node?.type === 'Literal' && node.regex ? node.regex.pattern : undefined);
const propertyName = (callee) =>
  callee?.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;

const encodingRule = {
  meta: {
    type: 'problem',
    docs: { description: 'base64, base64url and hex are written by supabase/functions/_shared/encoding.ts only' },
    messages: {
      global: '`{{name}}` outside _shared/encoding.ts: use bytesToBase64Url / base64UrlToBytes (or textToBase64...) from it.',
      buffer: "Buffer's {{encoding}} outside _shared/encoding.ts: use its helpers.",
      swap: 'A hand-made base64url (replacing "{{from}}" by "{{to}}"): use _shared/encoding.ts.',
      hex: 'A hand-made hex string: use bytesToHex from _shared/encoding.ts.',
    },
    schema: [{ type: 'object', properties: { allowBuffer: { type: 'boolean' } }, additionalProperties: false }],
  },
  create(context) {
    const allowBuffer = context.options[0]?.allowBuffer === true;
    return {
      Identifier(node) {
        if (node.name !== 'btoa' && node.name !== 'atob') return;
        const parent = node.parent;
        // A property named btoa (obj.btoa) or a declaration's key is not a call to the global.
        if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
        if (parent?.type === 'Property' && parent.key === node) return;
        context.report({ node, messageId: 'global', data: { name: node.name } });
      },
      CallExpression(node) {
        const name = propertyName(node.callee);
        if (!allowBuffer) {
          // Buffer.from(text, 'base64url') and bytes.toString('base64')
          if (name === 'from' && node.callee.object.type === 'Identifier' && node.callee.object.name === 'Buffer' && BASE64.test(literal(node.arguments[1]) ?? '')) {
            context.report({ node, messageId: 'buffer', data: { encoding: literal(node.arguments[1]) } });
          }
          if (name === 'toString' && BASE64.test(literal(node.arguments[0]) ?? '')) {
            context.report({ node, messageId: 'buffer', data: { encoding: literal(node.arguments[0]) } });
          }
        }
        // text.replace(/\+/g, '-') or .replace(/-/g, '+'): base64 ↔ base64url by hand (a "/" → "_" alone is common
        // in file names, so the "+" swap is the mark)
        if (name === 'replace' || name === 'replaceAll') {
          const from = regexSource(node.arguments[0]) ?? literal(node.arguments[0]);
          const to = literal(node.arguments[1]);
          const swaps = { '\\+': '-', '+': '-', '-': '+' };
          if (from !== undefined && to !== undefined && swaps[from] === to) {
            context.report({ node, messageId: 'swap', data: { from: from.replace(/^\\/, ''), to } });
          }
        }
        // b.toString(16).padStart(2, '0')
        if (name === 'padStart' && literal(node.arguments[1]) === '0') {
          const inner = node.callee.object;
          if (inner.type === 'CallExpression' && propertyName(inner.callee) === 'toString' && inner.arguments[0]?.value === 16) {
            context.report({ node, messageId: 'hex' });
          }
        }
      },
    };
  },
};

const moneyRule = {
  meta: {
    type: 'problem',
    docs: { description: 'amounts of money are written by supabase/functions/_shared/money.ts only' },
    messages: {
      currency: "A currency format outside _shared/money.ts: use formatCents / formatUsd from it.",
      cents: 'Cents turned into dollars by hand: use formatCents / centsAsDecimal from _shared/money.ts.',
    },
    schema: [],
  },
  create(context) {
    return {
      // { style: 'currency' } in an Intl.NumberFormat or toLocaleString options object
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : literal(node.key);
        if (key === 'style' && literal(node.value) === 'currency') context.report({ node, messageId: 'currency' });
      },
      // (cents / 100).toFixed(2)
      CallExpression(node) {
        if (propertyName(node.callee) !== 'toFixed') return;
        const value = node.callee.object;
        if (value.type !== 'BinaryExpression' || value.operator !== '/' || value.right.type !== 'Literal' || value.right.value !== 100) return;
        // Basis points to a percentage ("10.00" of charity_share_bps) is not money.
        if (/bps|percent/i.test(context.sourceCode.getText(value.left))) return;
        {
          context.report({ node, messageId: 'cents' });
        }
      },
    };
  },
};

const percentRule = {
  meta: {
    type: 'problem',
    docs: { description: 'basis points are written as percent by supabase/functions/_shared/basis-points.ts only' },
    messages: { bps: 'Basis points to percent by hand: use formatBps / bpsAsDecimal from _shared/basis-points.ts.' },
    schema: [],
  },
  create(context) {
    return {
      // rewardRateBps / 100, CHARITY_SHARE_BPS / 100
      BinaryExpression(node) {
        if (node.operator !== '/' || node.right.type !== 'Literal' || node.right.value !== 100) return;
        if (/bps/i.test(context.sourceCode.getText(node.left))) context.report({ node, messageId: 'bps' });
      },
    };
  },
};

const ISO_CUTS = new Set(['slice', 'substring', 'substr', 'split']);

const datesRule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'dates on screen are written by web/src/lib/dates.ts (date-fns left the project); ISO days and months '
        + '("YYYY-MM-DD", "YYYY-MM") by supabase/functions/_shared/iso-dates.ts',
    },
    messages: {
      dateFns: 'date-fns: use the formatters of web/src/lib/dates.ts (one date stack, decision 178).',
      isoCut: 'An ISO day or month cut from toISOString() by hand: use isoDay / isoMonth from _shared/iso-dates.ts.',
    },
    schema: [{ type: 'object', properties: { allowIsoCut: { type: 'boolean' } }, additionalProperties: false }],
  },
  create(context) {
    const allowIsoCut = context.options[0]?.allowIsoCut === true;
    const check = (node) => {
      const source = literal(node.source);
      if (source === 'date-fns' || source?.startsWith('date-fns/')) context.report({ node, messageId: 'dateFns' });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      // date.toISOString().slice(0, 10), .substring(0, 7), .split('T')[0]
      CallExpression(node) {
        if (allowIsoCut || !ISO_CUTS.has(propertyName(node.callee) ?? '')) return;
        const inner = node.callee.object;
        if (inner.type === 'CallExpression' && propertyName(inner.callee) === 'toISOString') context.report({ node, messageId: 'isoCut' });
      },
    };
  },
};

export default { meta: { name: 'one-spelling' }, rules: { encoding: encodingRule, money: moneyRule, dates: datesRule, percent: percentRule } };
