import { Node } from '@tiptap/core';
import type { EditorOptions } from '../../editor-options';
import { DocumentModelLimits } from '../../limits';
import { inlineAtom, modelSpec, readAttrs, tiptapAttributes, validAttrs, type AttrModels } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
import {
  attrsFromCaption,
  attrsFromImg,
  imageDomSpec,
  MAX_ALT_CHARS,
  safeImageSrc,
  type ImageAttrs,
} from '../html/image-html';
import { commentThreadsAttribute } from './comment-model';
import { defaultModelOptions, perOptions, type ModelOptions } from './model-options';
import {
  boundedString,
  classListValidator,
  imageStyleClasses,
  isLinkHref,
  isLinkTarget,
  isMediaLength,
  isUploadId,
  mediaAligns,
  mediaDisplays,
  nullOr,
  oneOf,
} from './validators';
import { ImageMedia } from './media-nodes';

export { ImageMedia } from './media-nodes';

/**
 * The image's attributes. `linkHref`/`linkTarget` mirror a link mark on the image (Yjs keeps no marks on
 * elements); they are never rendered by the node itself.
 */
export const imageAttributes = perOptions((options: EditorOptions): AttrModels => ({
  linkHref: { default: null, validate: nullOr(isLinkHref), keepOnSplit: false },
  linkTarget: { default: null, validate: nullOr(isLinkTarget), keepOnSplit: false },
  src: { default: '', validate: (v) => typeof v === 'string' && safeImageSrc(v) === v },
  alt: { default: '', validate: boundedString(MAX_ALT_CHARS) },
  width: { default: null, validate: nullOr(isMediaLength) },
  height: { default: null, validate: nullOr(isMediaLength) },
  align: { default: 'center', validate: oneOf(mediaAligns) },
  display: { default: 'block', validate: oneOf(mediaDisplays) },
  classes: { default: '', validate: classListValidator(imageStyleClasses(options), '') },
  caption: { default: null, validate: nullOr(boundedString(DocumentModelLimits.maxCaptionChars)) },
  uploadId: { default: null, validate: nullOr(isUploadId) },
  commentThreads: commentThreadsAttribute,
}));

/** The image's own attributes read through the validators (invalid → default), for rendering. */
export function readImageAttrs(attrs: Readonly<Record<string, unknown>>, options: EditorOptions): ImageAttrs {
  // Every value passed its validator (or is the default), so it has the type ImageAttrs names.
  return validAttrs(attrs, imageAttributes(options)) as unknown as ImageAttrs;
}

/** The attributes of an image node of a model schema, read through its validators. */
export function imageAttrsOf(node: Parameters<typeof readAttrs>[0]): ImageAttrs {
  return readAttrs(node) as unknown as ImageAttrs;
}

/**
 * `image`: an inline atom holding Froala's `<img class="fr-fic fr-dib …" style="width: …">` or its caption
 * wrapper. Only http(s) and our relative /uploads/ addresses are accepted; the rest is dropped on parse.
 */
export const ImageModel = Node.create<ModelOptions>({
  name: ImageMedia.node,
  ...inlineAtom,

  addOptions() {
    return defaultModelOptions();
  },

  addAttributes() {
    return tiptapAttributes(imageAttributes(this.options.editorOptions));
  },

  extendNodeSchema(extension) {
    return modelSpec(extension, ImageMedia.node, () => imageAttributes(this.options.editorOptions));
  },

  parseHTML() {
    const styles = imageStyleClasses(this.options.editorOptions);
    const read = (attrs: ImageAttrs | false): Record<string, unknown> | false => (attrs ? { ...attrs } : false);
    return [
      // The caption wrapper first, so its img is not parsed a second time on its own.
      {
        tag: 'span.fr-img-caption',
        priority: 60,
        getAttrs: (el: HtmlElementLike) => read(attrsFromCaption(el, styles)),
      },
      { tag: 'img[src]', getAttrs: (el: HtmlElementLike) => read(attrsFromImg(el, styles)) },
    ];
  },

  renderHTML({ node }) {
    return imageDomSpec(readImageAttrs(node.attrs, this.options.editorOptions));
  },

  renderText({ node }) {
    return readImageAttrs(node.attrs, this.options.editorOptions).alt;
  },
});
