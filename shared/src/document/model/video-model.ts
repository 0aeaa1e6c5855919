import { Node } from '@tiptap/core';
import { fixedNodeAttributes, inlineAtom, validAttrs, type AttrModels } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
import { isMediaLength, isUploadId, mediaAligns, mediaDisplays, nullOr, oneOf } from './validators';
import {
  attrsFromElement,
  attrsFromWrapper,
  cleanVideoSrc,
  DEFAULT_VIDEO_WIDTH,
  videoDomSpec,
  type VideoAttrs,
} from '../html/video-html';
import { commentThreadsAttribute } from './comment-model';
import { canonicalEmbedSrc, cleanFileSrc } from './video-url';
import { VideoMedia } from './media-nodes';

export { VideoMedia } from './media-nodes';

/** A stored video address: a canonical embed URL (kind iframe) or media file URL (kind file). */
const isVideoSrc = (value: unknown): boolean =>
  typeof value === 'string' && (canonicalEmbedSrc(value) === value || cleanFileSrc(value) === value);

const attributes: AttrModels = {
  src: { default: '', validate: isVideoSrc },
  kind: { default: 'iframe', validate: oneOf(['iframe', 'file']) },
  width: { default: DEFAULT_VIDEO_WIDTH, validate: nullOr(isMediaLength) },
  height: { default: null, validate: nullOr(isMediaLength) },
  align: { default: 'center', validate: oneOf(mediaAligns) },
  display: { default: 'block', validate: oneOf(mediaDisplays) },
  uploadId: { default: null, validate: nullOr(isUploadId) },
  commentThreads: commentThreadsAttribute,
};

/** The video's attributes read through the validators (invalid → default); a src of the other kind is ''. */
export function readVideoAttrs(attrs: Readonly<Record<string, unknown>>): VideoAttrs {
  // Every value passed its validator (or is the default), so it has the type VideoAttrs names.
  const a = validAttrs(attrs, attributes) as unknown as VideoAttrs;
  return cleanVideoSrc(a.src, a.kind) === a.src ? a : { ...a, src: '' };
}

const rule = (tag: string, read: (el: HtmlElementLike) => VideoAttrs | false, priority: number) => ({
  tag,
  priority,
  getAttrs: (el: HtmlElementLike) => {
    const attrs = read(el);
    return attrs ? { ...attrs } : false;
  },
});

/**
 * `span.fr-video > iframe|video` (FROALA-REFERENCE §28): an inline atom like Froala's video span. Bare
 * `<iframe>`/`<video>` are kept only when their address passes the same rules; anything else is dropped.
 */
export const VideoModel = Node.create({
  name: VideoMedia.node,
  ...inlineAtom,
  ...fixedNodeAttributes(VideoMedia.node, attributes),

  parseHTML() {
    return [
      rule('span.fr-video', (el) => attrsFromWrapper(el), 70),
      rule('iframe', (el) => attrsFromElement(el, null), 60),
      rule('video', (el) => attrsFromElement(el, null), 60),
    ];
  },

  renderHTML({ node }) {
    return videoDomSpec(readVideoAttrs(node.attrs));
  },

  renderText() {
    return '';
  },
});
