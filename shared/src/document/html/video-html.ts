import { VideoLimits } from '../../limits';
import { hasClass, styleProperty, type HtmlElementLike } from './html-element';
import {
  cleanAlign,
  cleanDisplay,
  cleanLength,
  cleanUploadId,
  type MediaAlign,
  type MediaDisplay,
} from '../model/validators';
import { canonicalEmbedSrc, cleanFileSrc, type VideoKind } from '../model/video-url';

export type VideoAlign = MediaAlign;
export type VideoDisplay = MediaDisplay;

export interface VideoAttrs {
  src: string;
  kind: VideoKind;
  width: string | null;
  height: string | null;
  align: VideoAlign;
  display: VideoDisplay;
  uploadId: string | null;
}

export const alignClass: Record<VideoAlign, string> = { left: 'fr-fvl', center: 'fr-fvc', right: 'fr-fvr' };
export const displayClass: Record<VideoDisplay, string> = { block: 'fr-dvb', inline: 'fr-dvi' };

/** Fixed attributes of every embed iframe (SECURITY.md §2.6): sandboxed, no autoplay, no srcdoc. */
export const IFRAME_ATTRS = {
  sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
  allow: 'fullscreen; picture-in-picture',
  allowfullscreen: '',
  referrerpolicy: 'strict-origin-when-cross-origin',
} as const;

export const DEFAULT_VIDEO_WIDTH = `${String(VideoLimits.defaultWidthPx)}px`;

/**
 * A size typed into "Change Size" (Froala's rule, as for images): `^\d+(px|%)*$` is kept (a bare
 * number is pixels), anything else clears the size.
 */
export function typedLength(value: string): string | null {
  const text = value.trim();
  if (!/^\d+(px|%)*$/.test(text)) return null;
  const unit = /%|px/.exec(text)?.[0] ?? 'px';
  return cleanLength(`${text.replace(/(px|%)+$/, '')}${unit}`);
}

/** The `src` a node may hold for its kind ('' when refused: nothing is loaded then). */
export function cleanVideoSrc(src: unknown, kind: VideoKind): string {
  return (kind === 'iframe' ? canonicalEmbedSrc(src) : cleanFileSrc(src)) ?? '';
}

/** Normalises attributes from anywhere (HTML, JSON, Yjs, commands). */
export function cleanVideoAttrs(raw: Record<string, unknown>): VideoAttrs {
  const kind: VideoKind = raw.kind === 'file' ? 'file' : 'iframe';
  return {
    src: cleanVideoSrc(raw.src, kind),
    kind,
    width: cleanLength(raw.width),
    height: cleanLength(raw.height),
    align: cleanAlign(raw.align),
    display: cleanDisplay(raw.display),
    uploadId: cleanUploadId(raw.uploadId),
  };
}

/** Attributes of a new video: default width, centred, on its own line. */
export function defaultVideoAttrs(src: string, kind: VideoKind, extra: Partial<VideoAttrs> = {}): VideoAttrs {
  return cleanVideoAttrs({
    src,
    kind,
    width: DEFAULT_VIDEO_WIDTH,
    height: null,
    align: 'center',
    display: 'block',
    uploadId: null,
    ...extra,
  });
}

/** A length from an element: inline style first (Froala's `<video style>`), then the attribute. */
function lengthOf(el: HtmlElementLike, prop: 'width' | 'height'): string | null {
  return cleanLength(styleProperty(el, prop)) ?? cleanLength(el.getAttribute(prop));
}

function placementOf(wrapper: HtmlElementLike | null): Pick<VideoAttrs, 'align' | 'display'> {
  if (!wrapper) return { align: 'center', display: 'block' };
  return {
    align: hasClass(wrapper, 'fr-fvl') ? 'left' : hasClass(wrapper, 'fr-fvr') ? 'right' : 'center',
    display: hasClass(wrapper, 'fr-dvi') ? 'inline' : 'block',
  };
}

/** The address of a `<video>`: its `src`, else its first `<source src>`. */
function mediaSrcOf(video: HtmlElementLike): string | null {
  return video.getAttribute('src') ?? video.querySelector('source[src]')?.getAttribute('src') ?? null;
}

/**
 * Attributes of an `<iframe>` or `<video>`, optionally inside Froala's `span.fr-video` wrapper (which
 * carries align/display and may carry the size); false when the address is refused.
 */
export function attrsFromElement(media: HtmlElementLike, wrapper: HtmlElementLike | null): VideoAttrs | false {
  const tag = media.tagName.toLowerCase();
  let kind: VideoKind;
  let src: string | null;
  if (tag === 'iframe') {
    if (media.hasAttribute('srcdoc')) return false;
    kind = 'iframe';
    src = canonicalEmbedSrc(media.getAttribute('src'));
  } else if (tag === 'video') {
    kind = 'file';
    src = cleanFileSrc(mediaSrcOf(media));
  } else return false;
  if (!src) return false;
  return {
    src,
    kind,
    width: lengthOf(media, 'width') ?? (wrapper ? lengthOf(wrapper, 'width') : null),
    height: lengthOf(media, 'height') ?? (wrapper ? lengthOf(wrapper, 'height') : null),
    ...placementOf(wrapper),
    uploadId: cleanUploadId(media.getAttribute('data-id')),
  };
}

/** Froala's wrapper `span.fr-video` around its one iframe or video. */
export function attrsFromWrapper(wrapper: HtmlElementLike): VideoAttrs | false {
  const media = wrapper.querySelector('iframe, video');
  return media ? attrsFromElement(media, wrapper) : false;
}

type DomSpec = [string, Record<string, string>, ...DomSpec[]];

/** An iframe size attribute: `600px` → `600`, `50%` stays. */
function iframeSize(length: string | null): string | null {
  return length ? length.replace(/px$/, '') : null;
}

/** Froala's video HTML (common.md: `span.fr-video > iframe|video`); a refused src renders no media. */
export function videoDomSpec(a: VideoAttrs): DomSpec {
  const wrapper: DomSpec = [
    'span',
    { class: `fr-video ${displayClass[a.display]} ${alignClass[a.align]}`, contenteditable: 'false' },
  ];
  if (!a.src) return wrapper;
  if (a.kind === 'iframe') {
    const attrs: Record<string, string> = { src: a.src };
    const width = iframeSize(a.width);
    const height = iframeSize(a.height);
    if (width) attrs.width = width;
    if (height) attrs.height = height;
    wrapper.push(['iframe', { ...attrs, ...IFRAME_ATTRS }]);
    return wrapper;
  }
  const attrs: Record<string, string> = { src: a.src, controls: '', preload: 'metadata' };
  const style = [a.width ? `width: ${a.width};` : '', a.height ? `height: ${a.height};` : ''].filter(Boolean);
  if (style.length > 0) attrs.style = style.join(' ');
  if (a.uploadId) attrs['data-id'] = a.uploadId;
  wrapper.push(['video', attrs]);
  return wrapper;
}
