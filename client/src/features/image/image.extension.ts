import { Node } from '@tiptap/core';
import { MediaNodes } from '@shared/api/media';
import { attrsFromCaption, attrsFromImg, imageDomSpec } from './image-html';
import { ImageView } from './image-view';

const attr = (fallback: unknown) => ({ default: fallback, rendered: false });

/**
 * `image`: an inline atom holding Froala's `<img class="fr-fic fr-dib …" style="width: …">` or its caption
 * wrapper. Only http(s) and our relative /uploads/ addresses are accepted; the rest is dropped on parse.
 */
export const ImageNode = Node.create({
  name: MediaNodes.image.node,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return {
      src: attr(''),
      alt: attr(''),
      width: attr(null),
      height: attr(null),
      align: attr('center'),
      display: attr('block'),
      classes: attr(''),
      caption: attr(null),
      uploadId: attr(null),
    };
  },

  parseHTML() {
    return [
      // The caption wrapper first, so its img is not parsed a second time on its own.
      {
        tag: 'span.fr-img-caption',
        priority: 60,
        getAttrs: (el: HTMLElement) => attrsFromCaption(el) as Record<string, unknown> | false,
      },
      { tag: 'img[src]', getAttrs: (el: HTMLElement) => attrsFromImg(el) as Record<string, unknown> | false },
    ];
  },

  renderHTML({ node }) {
    return imageDomSpec(node.attrs);
  },

  renderText({ node }) {
    return typeof node.attrs.alt === 'string' ? node.attrs.alt : '';
  },

  addNodeView() {
    return ({ node, editor, getPos }) => new ImageView(node, editor, getPos);
  },
});
