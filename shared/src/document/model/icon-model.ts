import { Node } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { fixedNodeAttributes, inlineAtom, validAttrs, type AttrModels } from './attribute-model';
import { normalizeCssColor } from './color-value';
import { styleProperty, type HtmlElementLike } from '../html/html-element';
import { iconDisplayName, isIconName } from '../icons/icon-names';
import { isCssColor, isFontSize } from './validators';

/** The icon node's name (FROALA-REFERENCE §39): an inline atom holding an icon of the bundled set by name. */
export const IconNodeName = 'icon';
/** The icon of a node made without one (never refused: a default always passes). */
export const DEFAULT_ICON = 'star';

export interface IconAttrs {
  name: string;
  /** The icon's colour (a text colour), or null for the text's. */
  color: string | null;
  /** Its size as a font size (`24px`), or null for the text's. */
  size: string | null;
}

const attributes: AttrModels = {
  name: { default: DEFAULT_ICON, validate: isIconName, parse: (el) => el.getAttribute('data-icon') },
  color: { default: null, validate: isCssColor, parse: (el) => normalizeCssColor(styleProperty(el, 'color')) },
  size: {
    default: null,
    validate: isFontSize,
    parse: (el) => styleProperty(el, 'font-size')?.toLowerCase() ?? null,
  },
};

/** The icon's attributes read through the validators (invalid → default). */
export function readIconAttrs(attrs: Readonly<Record<string, unknown>>): IconAttrs {
  // Every value passed its validator (or is the default), so it has the type IconAttrs names.
  return validAttrs(attrs, attributes) as unknown as IconAttrs;
}

/** The icon's `style`: its colour and size, or nothing. */
export function iconStyle(a: IconAttrs): string {
  return [a.color ? `color: ${a.color}` : '', a.size ? `font-size: ${a.size}` : ''].filter(Boolean).join('; ');
}

/**
 * The element of an icon: `<i class="fr-icon" data-icon role="img" aria-label style>` (exports add the drawing),
 * an `<i>` as Froala's icon template writes it (a `<span>` would take on a surrounding span's style when read).
 */
export function iconDomSpec(a: IconAttrs, ...children: DOMOutputSpec[]): DOMOutputSpec {
  const style = iconStyle(a);
  const attrs = {
    class: 'fr-icon',
    'data-icon': a.name,
    role: 'img',
    'aria-label': iconDisplayName(a.name),
    ...(style ? { style } : {}),
  };
  return ['i', attrs, ...children];
}

/**
 * `<i class="fr-icon" data-icon="house">`: an inline atom whose drawing the editor and the HTML export
 * add (the model's HTML names the icon; the drawings load on demand). A name outside the set is dropped.
 */
export const IconModel = Node.create({
  name: IconNodeName,
  ...inlineAtom,
  ...fixedNodeAttributes(IconNodeName, attributes),

  parseHTML() {
    return [
      {
        tag: 'i.fr-icon[data-icon]',
        // Ahead of the italic mark's `i` rule.
        priority: 70,
        getAttrs: (el: HtmlElementLike) => (isIconName(el.getAttribute('data-icon')) ? null : false),
      },
    ];
  },

  renderHTML({ node }) {
    return iconDomSpec(readIconAttrs(node.attrs));
  },

  renderText({ node }) {
    return `:${readIconAttrs(node.attrs).name}:`;
  },
});
