import { Mark, type JSONContent } from '@tiptap/core';
import type { EditorOptions } from '../../editor-options';
import { DocumentModelLimits } from '../../limits';
import { modelSpec, tiptapAttributes, validAttrs, type AttrModels } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
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

/** What the link commands accept (the mark's attributes; unknown ones are dropped by the schema). */
export interface LinkCommandAttributes {
  href: string;
  target?: string | null;
  rel?: string | null;
  title?: string | null;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    link: {
      /** Links the selection (or sets the stored mark); false when the href is refused. */
      setLink: (attributes: LinkCommandAttributes) => ReturnType;
      /** Links or unlinks the selection (an empty selection: the whole link at the caret). */
      toggleLink: (attributes?: LinkCommandAttributes) => ReturnType;
      /** Removes the link marks of the selection (an empty selection: the whole link at the caret). */
      unsetLink: () => ReturnType;
    };
  }
}

/** A string field of a Markdown token, or null. */
const tokenField = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The `link` mark (`<a href target rel title>`): only allow-listed schemes survive parsing, rendering and
 * its commands. Defined here rather than on Tiptap's Link so that neither the server nor the editor's first
 * load carries linkify; the schema is the one Tiptap's Link made with autolink off (priority 1000, not
 * inclusive, exitable, not kept on split). Autolink, paste and click handling are the link capability's.
 */
export const LinkModel = Mark.create<ModelOptions>({
  name: 'link',
  // Before the other marks: a link wraps bold, italic… in the HTML.
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  // Typing at a link's end does not extend it.
  inclusive: false,

  addOptions() {
    return defaultModelOptions();
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

  markdownTokenName: 'link',

  parseMarkdown: (token, helpers) =>
    helpers.applyMark('link', helpers.parseInline(token.tokens ?? []), {
      href: tokenField(token.href),
      title: tokenField(token.title) || null,
    }),

  renderMarkdown: (node: JSONContent, helpers) => {
    const href = tokenField(node.attrs?.href) ?? '';
    const title = tokenField(node.attrs?.title) ?? '';
    const text = helpers.renderChildren(node);
    return title ? `[${text}](${href} "${title}")` : `[${text}](${href})`;
  },

  addCommands() {
    return {
      setLink:
        (attributes) =>
        ({ chain }) =>
          linkHrefOf(attributes.href) !== null &&
          chain().setMark(this.name, attributes).setMeta('preventAutolink', true).run(),
      toggleLink:
        (attributes) =>
        ({ chain }) =>
          (!attributes?.href || linkHrefOf(attributes.href) !== null) &&
          chain()
            .toggleMark(this.name, attributes, { extendEmptyMarkRange: true })
            .setMeta('preventAutolink', true)
            .run(),
      unsetLink:
        () =>
        ({ chain }) =>
          chain().unsetMark(this.name, { extendEmptyMarkRange: true }).setMeta('preventAutolink', true).run(),
    };
  },
});
