import { DocumentModelLimits, ImageLimits } from '../../limits';
import { hasClass, styleProperty, type HtmlElementLike } from './html-element';
import {
  cleanAlign,
  cleanDisplay,
  cleanLength,
  cleanUploadId,
  isStorableUrl,
  keepClasses,
  type MediaAlign,
  type MediaDisplay,
} from '../model/validators';

export type ImageAlign = MediaAlign;
export type ImageDisplay = MediaDisplay;

export interface ImageAttrs {
  src: string;
  alt: string;
  width: string | null;
  height: string | null;
  align: ImageAlign;
  display: ImageDisplay;
  /** Image styles of the deployment (`imageStyles`), space-separated. */
  classes: string;
  caption: string | null;
  uploadId: string | null;
}

export const alignClass: Record<ImageAlign, string> = { left: 'fr-fil', center: 'fr-fic', right: 'fr-fir' };
export const displayClass: Record<ImageDisplay, string> = { block: 'fr-dib', inline: 'fr-dii' };

export const MAX_CAPTION_CHARS = ImageLimits.maxCaptionChars;
export const MAX_ALT_CHARS = DocumentModelLimits.maxTextChars;

/** The image address if it may be stored (http/https or our relative /uploads/ path), else null. */
export function safeImageSrc(src: unknown): string | null {
  if (typeof src !== 'string') return null;
  const trimmed = src.trim();
  return trimmed && trimmed.length <= DocumentModelLimits.maxUrlChars && isStorableUrl(trimmed) ? trimmed : null;
}

/** A stored length split into amount and unit, or null. */
export function parseLength(value: string | null): { amount: number; unit: 'px' | '%' } | null {
  const match = /^(\d+(?:\.\d+)?)(px|%)$/.exec(value ?? '');
  return match ? { amount: Number(match[1]), unit: match[2] === '%' ? '%' : 'px' } : null;
}

/** The deployment's image styles among the classes of `value`, in the order given, space-separated. */
export function cleanClasses(value: unknown, styles: readonly string[]): string {
  return keepClasses(value, new Set(styles)).join(' ');
}

export function cleanCaption(value: unknown): string | null {
  return typeof value === 'string' ? value.slice(0, MAX_CAPTION_CHARS) : null;
}

export function cleanAlt(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_ALT_CHARS) : '';
}

/** `width`/`height` from an inline style (Froala writes `style="width: 300px;"`). */
function styleLength(el: HtmlElementLike, prop: 'width' | 'height'): string | null {
  return cleanLength(styleProperty(el, prop));
}

function alignFrom(el: HtmlElementLike): ImageAlign {
  if (hasClass(el, 'fr-fil')) return 'left';
  if (hasClass(el, 'fr-fir')) return 'right';
  return 'center';
}

/** Froala's default display is block; `fr-dii` makes it inline. */
function displayFrom(el: HtmlElementLike): ImageDisplay {
  return hasClass(el, 'fr-dii') ? 'inline' : 'block';
}

/** Attributes of a Froala `<img>` (without caption wrapper), or false when its src is refused. */
export function attrsFromImg(img: HtmlElementLike, styles: readonly string[]): ImageAttrs | false {
  const src = safeImageSrc(img.getAttribute('src'));
  if (!src) return false;
  return {
    src,
    alt: cleanAlt(img.getAttribute('alt')),
    width: styleLength(img, 'width') ?? cleanLength(img.getAttribute('width')),
    height: styleLength(img, 'height') ?? cleanLength(img.getAttribute('height')),
    align: alignFrom(img),
    display: displayFrom(img),
    classes: cleanClasses(img.getAttribute('class'), styles),
    caption: null,
    uploadId: cleanUploadId(img.getAttribute('data-id')),
  };
}

/** Attributes of Froala's caption markup `span.fr-img-caption > span.fr-img-wrap > img + span.fr-inner`. */
export function attrsFromCaption(wrapper: HtmlElementLike, styles: readonly string[]): ImageAttrs | false {
  const img = wrapper.querySelector('img');
  if (!img) return false;
  const inner = attrsFromImg(img, styles);
  if (!inner) return false;
  const captionEl = wrapper.querySelector('.fr-inner');
  return {
    ...inner,
    width: styleLength(wrapper, 'width') ?? inner.width,
    height: styleLength(wrapper, 'height') ?? inner.height,
    align: hasClass(wrapper, 'fr-fil') || hasClass(wrapper, 'fr-fir') ? alignFrom(wrapper) : inner.align,
    display: hasClass(wrapper, 'fr-dii') ? 'inline' : inner.display,
    classes: cleanClasses(`${wrapper.getAttribute('class') ?? ''} ${inner.classes}`, styles),
    caption: cleanCaption((captionEl?.textContent ?? '').replace(/\s+/g, ' ').trim()),
  };
}

/** Normalises attributes from anywhere (JSON, Yjs, commands) to values the model accepts. */
export function cleanImageAttrs(raw: Record<string, unknown>, styles: readonly string[]): ImageAttrs {
  return {
    src: safeImageSrc(raw.src) ?? '',
    alt: cleanAlt(raw.alt),
    width: cleanLength(raw.width),
    height: cleanLength(raw.height),
    align: cleanAlign(raw.align),
    display: cleanDisplay(raw.display),
    classes: cleanClasses(raw.classes, styles),
    caption: cleanCaption(raw.caption),
    uploadId: cleanUploadId(raw.uploadId),
  };
}

export function sizeStyle(attrs: Pick<ImageAttrs, 'width' | 'height'>): string | null {
  const parts: string[] = [];
  if (attrs.width) parts.push(`width: ${attrs.width};`);
  if (attrs.height) parts.push(`height: ${attrs.height};`);
  return parts.length > 0 ? parts.join(' ') : null;
}

type DomSpec = [string, Record<string, string>, ...(DomSpec | string)[]];

/** Froala's image HTML (with or without the caption wrapper) of attributes the model accepts. */
export function imageDomSpec(a: ImageAttrs): DomSpec {
  const placement = `${alignClass[a.align]} ${displayClass[a.display]}`;
  const style = sizeStyle(a);
  const imgAttrs: Record<string, string> = {};
  // A refused address renders no src at all (nodes can arrive through Yjs without parsing).
  if (a.src) imgAttrs.src = a.src;
  if (a.caption === null) {
    imgAttrs.class = a.classes ? `${placement} ${a.classes}` : placement;
    if (style) imgAttrs.style = style;
  } else if (a.classes) imgAttrs.class = a.classes;
  imgAttrs.alt = a.alt;
  if (a.uploadId) imgAttrs['data-id'] = a.uploadId;
  if (a.caption === null) return ['img', imgAttrs];
  const wrapper: Record<string, string> = { class: `fr-img-caption ${placement}` };
  if (style) wrapper.style = style;
  return [
    'span',
    wrapper,
    ['span', { class: 'fr-img-wrap' }, ['img', imgAttrs], ['span', { class: 'fr-inner' }, a.caption]],
  ];
}

/** Default attributes of a newly inserted image (300 px wide, centred, on its own line). */
export function defaultImageAttrs(src: string, styles: readonly string[], extra: Partial<ImageAttrs> = {}): ImageAttrs {
  return cleanImageAttrs(
    {
      src,
      alt: '',
      width: `${ImageLimits.defaultWidthPx}px`,
      height: null,
      align: 'center',
      display: 'block',
      classes: '',
      caption: null,
      uploadId: null,
      ...extra,
    },
    styles,
  );
}
