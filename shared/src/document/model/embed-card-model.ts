import { Node } from '@tiptap/core';
import type { DOMOutputSpec, Node as PmNode } from '@tiptap/pm/model';
import { fixedNodeAttributes, modelSpec } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
import { embedCardAttributes, EmbedCardNodeName, readEmbedCardAttrs, type EmbedCardAttrs } from './embed-card-values';

// The plain names and validators live in embed-card-values.ts (no Tiptap); re-exported for the model's users.
export {
  cleanEmbedUrl,
  EmbedCardNodeName,
  isEmbedImage,
  isEmbedUrl,
  readEmbedCardAttrs,
  type EmbedCardAttrs,
} from './embed-card-values';

/** A card as one line of text: `Title (address)`, or the address. */
export function embedCardText(attrs: Readonly<Record<string, unknown>>): string {
  const a = readEmbedCardAttrs(attrs);
  return a.title ? `${a.title} (${a.url})` : a.url;
}

/** The heading a card shows: its title, else its site name, else its address. */
export function embedCardHeading(a: EmbedCardAttrs): string {
  return a.title || a.siteName || a.url;
}

/**
 * `<div class="fr-embed-card" data-url><a href rel><img?><span site><strong title><span description></a></div>`:
 * a link card written from the stored fields only (never a page's own HTML).
 */
export function embedCardDomSpec(a: EmbedCardAttrs): DOMOutputSpec {
  const parts: DOMOutputSpec[] = [];
  if (a.image) parts.push(['img', { class: 'fr-embed-card-image', src: a.image, alt: '' }]);
  const text: DOMOutputSpec[] = [];
  if (a.siteName) text.push(['span', { class: 'fr-embed-card-site' }, a.siteName]);
  // Without a title the heading shows the site or address, marked so that reading it back keeps no title.
  const titleClass = a.title ? 'fr-embed-card-title' : 'fr-embed-card-title fr-embed-card-untitled';
  text.push(['strong', { class: titleClass }, embedCardHeading(a)]);
  if (a.description) text.push(['span', { class: 'fr-embed-card-description' }, a.description]);
  parts.push(['span', { class: 'fr-embed-card-text' }, ...text]);
  return [
    'div',
    { class: 'fr-embed-card', 'data-url': a.url },
    ['a', { href: a.url, rel: 'noopener noreferrer nofollow', target: '_blank' }, ...parts],
  ];
}

function textOf(el: HtmlElementLike, selector: string): string {
  return el.querySelector(selector)?.textContent ?? '';
}

/** A card read back from its HTML (our own rendering); null when its address is not allowed. */
function embedCardFromElement(el: HtmlElementLike): EmbedCardAttrs | null {
  const a = readEmbedCardAttrs({
    url: el.getAttribute('data-url'),
    title: el.querySelector('.fr-embed-card-untitled') ? '' : textOf(el, '.fr-embed-card-title'),
    description: textOf(el, '.fr-embed-card-description'),
    image: el.querySelector('img.fr-embed-card-image')?.getAttribute('src') ?? null,
    siteName: textOf(el, '.fr-embed-card-site'),
  });
  return a.url ? a : null;
}

/** The embed card: a non-editable, selectable, draggable block rendered from its validated fields. */
export const EmbedCardModel = Node.create({
  name: EmbedCardNodeName,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  ...fixedNodeAttributes(EmbedCardNodeName, embedCardAttributes),
  // The text form (plain-text copy, version comparison): ProseMirror's `leafText` of the schema.
  extendNodeSchema: (extension: { name: string }) => ({
    ...modelSpec(extension, EmbedCardNodeName, () => embedCardAttributes),
    ...(extension.name === EmbedCardNodeName ? { leafText: (node: PmNode) => embedCardText(node.attrs) } : {}),
  }),

  parseHTML() {
    return [
      {
        tag: 'div.fr-embed-card[data-url]',
        priority: 70,
        getAttrs: (el: HtmlElementLike) => {
          const attrs = embedCardFromElement(el);
          return attrs ? { ...attrs } : false;
        },
      },
    ];
  },

  renderHTML({ node }) {
    return embedCardDomSpec(readEmbedCardAttrs(node.attrs));
  },

  renderText({ node }) {
    return embedCardText(node.attrs);
  },
});
