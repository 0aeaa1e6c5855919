// A local ESLint rule (issue 26 point 8): user-visible text in client/src goes through i18n. It flags JSX
// text with a letter in it and string literals with a letter in the attributes a user reads or hears
// (aria-label, title, placeholder, alt, label…). Names, symbols and digits (`×`, `·`, `42`) pass.

const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-placeholder',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);

/** A letter of any script: text a person reads, not punctuation or a number. */
const LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text in client/src goes through i18n (t(...)), in English and German.' },
    schema: [],
    messages: {
      text: 'User-visible text "{{text}}" bypasses i18n: put it in the feature\'s English strings and de/*.json, and render t(key).',
    },
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value;
        if (value.type === 'Literal' && typeof value.value === 'string' && LETTER.test(value.value))
          report(value, value.value);
        if (value.type === 'JSXExpressionContainer') {
          const inner = value.expression;
          if (inner.type === 'Literal' && typeof inner.value === 'string' && LETTER.test(inner.value))
            report(inner, inner.value);
          if (inner.type === 'TemplateLiteral' && inner.quasis.some((q) => LETTER.test(q.value.cooked ?? '')))
            report(inner, inner.quasis.map((q) => q.value.cooked ?? '').join('…'));
        }
      },
    };
  },
};

export default { rules: { 'no-literal-ui-text': noLiteralUiText } };
