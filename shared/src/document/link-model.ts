import { Link, type LinkOptions } from '@tiptap/extension-link';
import type { EditorOptions } from '../editor-options';
import { DocumentModelLimits } from '../limits';
import { modelSpec, tiptapAttributes, validAttrs, type AttrModels } from './attribute-model';
import type { HtmlElementLike } from './html-element';
import { sanitizeHref } from './link-url';
import { defaultModelOptions, perOptions, type ModelOptions } from './model-options';
import { boundedString, cleanRel, isLinkHref, isLinkTarget, nullOr, relTokens, relValidator } from './validators';

/** The `href` of a link as the model stores it (allow-listed, sanitised), or null when it is refused. */
export function linkHrefOf(raw: string | null | undefined): string | null {
  const href = sanitizeHref(raw);
  return href !== null && isLinkHref(href) ? href : null;
}

/** A new tab must never get a handle on the editor's window (reverse tabnabbing): `_blank` adds `noopener`. */
export function relForTarget(target: unknown, rel: unknown, options: EditorOptions): string | null {
  const allowed = relTokens(options);
  const own = cleanRel(rel, allowed);
  if (target !== '_blank') return own;
  if (own?.split(' ').includes('noopener')) return own;
  return cleanRel(`${own ?? ''} ${options.linkRel} noopener`, allowed);
}

/** `href` (allow-listed schemes), `target` (`_blank` or none), `rel` (allow-listed tokens) and `title`. */
export const linkAttributes = perOptions((options: EditorOptions): AttrModels => ({
  href: { default: null, validate: nullOr(isLinkHref), parse: (el) => linkHrefOf(el.getAttribute('href')) },
  target: {
    default: null,
    validate: nullOr(isLinkTarget),
    parse: (el) => (el.getAttribute('target') === '_blank' ? '_blank' : null),
  },
  rel: {
    default: null,
    validate: nullOr(relValidator(options)),
    parse: (el) => relForTarget(el.getAttribute('target'), el.getAttribute('rel'), options),
  },
  title: {
    default: null,
    validate: nullOr(boundedString(DocumentModelLimits.maxTextChars)),
    parse: (el) => el.getAttribute('title'),
  },
}));

/**
 * The `link` mark (`<a href target rel title>`) on Tiptap's Link: only allow-listed schemes survive parsing,
 * rendering and its commands. No autolink, paste or click plugins here: the link capability adds its own.
 */
export const LinkModel = Link.extend<LinkOptions & ModelOptions>({
  addOptions() {
    return {
      ...(this.parent?.() as LinkOptions),
      ...defaultModelOptions(),
      autolink: false,
      linkOnPaste: false,
      openOnClick: false,
      enableClickSelection: false,
      protocols: [],
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url: string) => linkHrefOf(url) !== null,
    };
  },

  addAttributes() {
    return tiptapAttributes(linkAttributes(this.options.editorOptions));
  },

  extendMarkSchema(extension) {
    return modelSpec(extension, 'link', () => linkAttributes(this.options.editorOptions));
  },

  parseHTML() {
    // A link whose href is refused is dropped (its text stays).
    return [
      {
        tag: 'a[href]',
        getAttrs: (el: HtmlElementLike) => (linkHrefOf(el.getAttribute('href')) ? null : false),
      },
    ];
  },

  renderHTML({ mark }) {
    // Marks also arrive through Yjs or JSON without parsing: every value is checked again here.
    const a = validAttrs(mark.attrs, linkAttributes(this.options.editorOptions));
    const target = a.target === '_blank' ? '_blank' : null;
    const rel = relForTarget(target, a.rel, this.options.editorOptions);
    return ['a', { href: a.href, target, rel, title: a.title }, 0];
  },

  addPasteRules() {
    return [];
  },

  addProseMirrorPlugins() {
    return [];
  },
});
