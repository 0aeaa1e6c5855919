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
/** A URL or scheme (`http://`, `https://example.com`): the same in every language. */
const URL_LIKE = /^\s*[a-z][a-z0-9+.-]*:\/\/\S*\s*$/i;
/** DOM properties a user reads or hears, set by node views that build their DOM by hand. */
const VISIBLE_PROPERTIES = new Set(['textContent', 'innerText', 'title', 'placeholder', 'alt', 'ariaLabel']);

const readable = (text) => typeof text === 'string' && LETTER.test(text) && !URL_LIKE.test(text);

/** Inside an element marked aria-hidden="true": decoration, not text (e.g. a drawn "ab" icon). */
function hiddenFromReaders(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type !== 'JSXElement') continue;
    const hidden = at.openingElement.attributes.some(
      (a) =>
        a.type === 'JSXAttribute' &&
        a.name.name === 'aria-hidden' &&
        ((a.value?.type === 'Literal' && a.value.value === 'true') ||
          (a.value?.type === 'JSXExpressionContainer' && a.value.expression.value === true)),
    );
    if (hidden) return true;
  }
  return false;
}

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
        if (readable(node.value) && !hiddenFromReaders(node)) report(node, node.value);
      },
      // `{'text'}` as a child of an element.
      'JSXElement > JSXExpressionContainer > Literal'(node) {
        if (readable(node.value) && !hiddenFromReaders(node)) report(node, node.value);
      },
      // `element.textContent = 'text'`, `element.title = 'text'` in hand-built DOM.
      AssignmentExpression(node) {
        const target = node.left;
        if (target.type !== 'MemberExpression' || target.property.type !== 'Identifier') return;
        if (!VISIBLE_PROPERTIES.has(target.property.name)) return;
        if (node.right.type === 'Literal' && readable(node.right.value)) report(node.right, node.right.value);
      },
      // `element.setAttribute('aria-label', 'text')`.
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (callee.property.name !== 'setAttribute') return;
        const [name, value] = node.arguments;
        if (name?.type !== 'Literal' || !VISIBLE_ATTRIBUTES.has(name.value)) return;
        if (value?.type === 'Literal' && readable(value.value)) report(value, value.value);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value;
        if (value.type === 'Literal' && readable(value.value)) report(value, value.value);
        if (value.type === 'JSXExpressionContainer') {
          const inner = value.expression;
          if (inner.type === 'Literal' && readable(inner.value)) report(inner, inner.value);
          if (inner.type === 'TemplateLiteral' && inner.quasis.some((q) => readable(q.value.cooked ?? '')))
            report(inner, inner.quasis.map((q) => q.value.cooked ?? '').join('…'));
        }
      },
    };
  },
};

export default { rules: { 'no-literal-ui-text': noLiteralUiText } };
