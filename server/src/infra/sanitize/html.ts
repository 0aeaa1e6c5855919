import createDOMPurify, { type Config, type UponSanitizeAttributeHookEvent } from 'dompurify';
import { JSDOM } from 'jsdom';
import { AutosaveLimits } from '@shared/limits';
import { BOX_STYLES, INLINE_STYLES, TEXT_STYLES, sanitizeStyle } from './css';
import { flattenDeepHtml } from './depth';
import { isAllowedEmbedSrc, isAllowedLinkHref, isAllowedMediaSrc } from './urls';

/** Deepest element nesting kept; deeper elements are replaced by their text. */
export const MAX_HTML_DEPTH = AutosaveLimits.maxHtmlDepth;

/** Sandbox every embed gets, whatever the input said (client schema: video node, kind 'iframe'). */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';
const EMBED_ALLOW = 'fullscreen; picture-in-picture';
const EMBED_REFERRER = 'strict-origin-when-cross-origin';

type AttrCheck = (value: string, element: Element) => string | null;

const keep: AttrCheck = (v) => v;
const classes =
  (extra?: RegExp): AttrCheck =>
  (v) => {
    const tokens = v
      .split(/\s+/)
      .filter((t) => /^fr-[a-z0-9-]{1,40}$/.test(t) || (extra !== undefined && extra.test(t)));
    return tokens.length > 0 ? [...new Set(tokens)].join(' ') : null;
  };
const style =
  (allowed: Parameters<typeof sanitizeStyle>[1]): AttrCheck =>
  (v) =>
    sanitizeStyle(v, allowed) || null;
const pattern =
  (re: RegExp): AttrCheck =>
  (v) =>
    re.test(v) ? v : null;
const uploadId = pattern(/^[A-Za-z0-9_-]{1,64}$/);
const dimension = pattern(/^\d{1,5}(?:px|%)?$/);
const integer = pattern(/^\d{1,6}$/);

const TEXT = { style: style(TEXT_STYLES), class: classes() };
const LINK_REL = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored', 'external']);

/** Tag → attribute → check (null drops the attribute). Tags absent here are removed (content kept). */
const SCHEMA: Readonly<Record<string, Readonly<Record<string, AttrCheck>>>> = {
  p: TEXT,
  h1: TEXT,
  h2: TEXT,
  h3: TEXT,
  h4: TEXT,
  h5: TEXT,
  h6: TEXT,
  blockquote: TEXT,
  pre: { ...TEXT, spellcheck: pattern(/^(?:true|false)$/) },
  code: { class: classes(/^language-[a-z0-9+#_-]{1,30}$/) },
  ul: { ...TEXT, type: pattern(/^(?:disc|circle|square)$/) },
  ol: { ...TEXT, start: integer, type: pattern(/^[1aAiI]$/) },
  li: TEXT,
  hr: { class: classes() },
  br: {},
  a: {
    href: (v) => (isAllowedLinkHref(v) ? v : null),
    rel: (v) => {
      const tokens = v
        .toLowerCase()
        .split(/\s+/)
        .filter((t) => LINK_REL.has(t));
      return tokens.length > 0 ? [...new Set(tokens)].join(' ') : null;
    },
    target: pattern(/^_blank$/),
    title: keep,
    class: classes(),
    'data-size': integer,
    'data-type': pattern(/^[\w.+-]{1,64}\/[\w.+-]{1,128}$/),
    'data-id': uploadId,
  },
  strong: TEXT,
  b: TEXT,
  em: TEXT,
  i: TEXT,
  u: TEXT,
  s: TEXT,
  sub: TEXT,
  sup: TEXT,
  span: {
    style: (v, el) =>
      sanitizeStyle(
        v,
        el.classList.contains('fr-video') || el.classList.contains('fr-img-caption') ? BOX_STYLES : INLINE_STYLES,
      ) || null,
    class: classes(),
    contenteditable: pattern(/^false$/),
  },
  img: {
    src: (v) => (isAllowedMediaSrc(v) ? v : null),
    alt: keep,
    title: keep,
    class: classes(),
    style: style(BOX_STYLES),
    width: dimension,
    height: dimension,
    'data-id': uploadId,
  },
  iframe: {
    src: (v) => (isAllowedEmbedSrc(v) ? v : null),
    width: dimension,
    height: dimension,
  },
  video: {
    src: (v) => (isAllowedMediaSrc(v) ? v : null),
    width: dimension,
    height: dimension,
    style: style(BOX_STYLES),
    class: classes(),
    'data-id': uploadId,
  },
  table: { style: style({ ...BOX_STYLES, ...TEXT_STYLES }), class: classes() },
  thead: {},
  tbody: {},
  tfoot: {},
  tr: { style: style(TEXT_STYLES) },
  th: { ...TEXT, colspan: integer, rowspan: integer },
  td: { ...TEXT, colspan: integer, rowspan: integer },
  colgroup: {},
  col: { span: integer, style: style(BOX_STYLES) },
};

/** Elements without these attributes are useless or unsafe, so they go entirely. */
const REQUIRED: Readonly<Record<string, string>> = { img: 'src', iframe: 'src', video: 'src' };

const ALL_ATTRS = [...new Set(Object.values(SCHEMA).flatMap((attrs) => Object.keys(attrs)))];

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

const CONFIG: Config = {
  ALLOWED_TAGS: Object.keys(SCHEMA),
  ALLOWED_ATTR: ALL_ATTRS,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  // Our schemes only, relative references allowed (checked again per attribute below).
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  FORBID_ATTR: ['id', 'name', 'srcdoc', 'srcset', 'formaction', 'xlink:href', 'action'],
  FORBID_TAGS: ['svg', 'math', 'style', 'script', 'template', 'noscript', 'object', 'embed', 'form'],
  KEEP_CONTENT: true,
  SANITIZE_DOM: true,
  WHOLE_DOCUMENT: false,
};

let removeAfter: Element[] = [];

purify.addHook('uponSanitizeAttribute', (element: Element, event: UponSanitizeAttributeHookEvent) => {
  const rules = SCHEMA[element.nodeName.toLowerCase()];
  const check = rules && Object.hasOwn(rules, event.attrName) ? rules[event.attrName] : undefined;
  const value = check ? check(event.attrValue.trim(), element) : null;
  if (value === null) event.keepAttr = false;
  else event.attrValue = value;
});

purify.addHook('afterSanitizeAttributes', (element: Element) => {
  const tag = element.nodeName.toLowerCase();
  const required = REQUIRED[tag];
  if (required !== undefined && !element.hasAttribute(required)) {
    removeAfter.push(element);
    return;
  }
  if (tag === 'iframe') {
    element.setAttribute('sandbox', EMBED_SANDBOX);
    element.setAttribute('allow', EMBED_ALLOW);
    element.setAttribute('allowfullscreen', '');
    element.setAttribute('referrerpolicy', EMBED_REFERRER);
  } else if (tag === 'video') {
    element.setAttribute('controls', '');
    element.setAttribute('preload', 'metadata');
  } else if (tag === 'a' && element.getAttribute('target') === '_blank') {
    const rel = new Set((element.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
    rel.add('noopener');
    rel.add('noreferrer');
    element.setAttribute('rel', [...rel].join(' '));
  }
});

/** Replaces every element deeper than the cap by its text (iterative: deep input cannot overflow the stack). */
function capDepth(root: Element): void {
  const stack: Array<{ node: Element; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    // Sibling links, not `children`: indexing jsdom's HTMLCollection costs O(n) per access (quadratic).
    let child = next.node.firstElementChild;
    while (child) {
      const following = child.nextElementSibling;
      if (next.depth + 1 > MAX_HTML_DEPTH) child.replaceWith(child.ownerDocument.createTextNode(child.textContent));
      else stack.push({ node: child, depth: next.depth + 1 });
      child = following;
    }
  }
}

/**
 * Sanitizes editor HTML (autosave bodies, imports) on the server with DOMPurify + jsdom and an allowlist
 * that matches the editor schema: tags, attributes per tag, URL schemes, CSS properties and values.
 * The result is safe to assign to `innerHTML` and is stable: `sanitizeHtml(sanitizeHtml(x)) === sanitizeHtml(x)`.
 */
export function sanitizeHtml(dirty: string): string {
  removeAfter = [];
  const node = purify.sanitize(flattenDeepHtml(dirty, MAX_HTML_DEPTH), { ...CONFIG, RETURN_DOM: true });
  for (const element of removeAfter) element.remove();
  removeAfter = [];
  // RETURN_DOM gives the <body> element of DOMPurify's own document.
  if (node.nodeType !== node.ELEMENT_NODE) return '';
  const body = node as Element;
  capDepth(body);
  return body.innerHTML;
}
