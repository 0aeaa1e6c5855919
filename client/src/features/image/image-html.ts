import { ImageLimits } from '@shared/limits';
import { isStorableUrl } from '../uploads/upload-nodes';

export type ImageAlign = 'left' | 'center' | 'right';
export type ImageDisplay = 'block' | 'inline';

export interface ImageAttrs {
  src: string;
  alt: string;
  width: string | null;
  height: string | null;
  align: ImageAlign;
  display: ImageDisplay;
  classes: string;
  caption: string | null;
  uploadId: string | null;
}

export const alignClass: Record<ImageAlign, string> = { left: 'fr-fil', center: 'fr-fic', right: 'fr-fir' };
export const displayClass: Record<ImageDisplay, string> = { block: 'fr-dib', inline: 'fr-dii' };

/** Classes that carry attributes of their own (or are editing artefacts), never kept in `classes`. */
const structuralClasses = new Set([
  'fr-fil',
  'fr-fir',
  'fr-fic',
  'fr-dib',
  'fr-dii',
  'fr-img-caption',
  'fr-img-wrap',
  'fr-inner',
  'fr-draggable',
  'fr-uploading',
  'fr-image-resizer',
]);

export const MAX_CAPTION_CHARS = ImageLimits.maxCaptionChars;
const MAX_ALT_CHARS = 1_000;

/** The image address if it may be stored (http/https or our relative /uploads/ path), else null. */
export function safeImageSrc(src: unknown): string | null {
  if (typeof src !== 'string') return null;
  const trimmed = src.trim();
  return trimmed && trimmed.length <= 2048 && isStorableUrl(trimmed) ? trimmed : null;
}

/** A CSS length the node keeps (`300px`, `50%`, `12.5px`), or null. */
export function cleanLength(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{1,5}(?:\.\d{1,3})?)\s*(px|%)?\s*$/i.exec(value);
  if (!match) return null;
  const amount = Number(match[1]);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return `${String(amount)}${(match[2] ?? 'px').toLowerCase()}`;
}

/** A stored length split into amount and unit, or null. */
export function parseLength(value: string | null): { amount: number; unit: 'px' | '%' } | null {
  const match = /^(\d+(?:\.\d+)?)(px|%)$/.exec(value ?? '');
  return match ? { amount: Number(match[1]), unit: match[2] === '%' ? '%' : 'px' } : null;
}

/** Style classes only (safe names, no structural ones), deduplicated, space-separated. */
export function cleanClasses(value: unknown): string {
  if (typeof value !== 'string') return '';
  const tokens = value.split(/\s+/).filter((t) => /^[A-Za-z][\w-]{0,63}$/.test(t) && !structuralClasses.has(t));
  return [...new Set(tokens)].slice(0, 16).join(' ');
}

export function cleanAlign(value: unknown): ImageAlign {
  return value === 'left' || value === 'right' ? value : 'center';
}

export function cleanDisplay(value: unknown): ImageDisplay {
  return value === 'inline' ? 'inline' : 'block';
}

export function cleanUploadId(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

export function cleanCaption(value: unknown): string | null {
  return typeof value === 'string' ? value.slice(0, MAX_CAPTION_CHARS) : null;
}

export function cleanAlt(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_ALT_CHARS) : '';
}

/** `width`/`height` from an inline style (Froala writes `style="width: 300px;"`). */
function styleLength(el: HTMLElement, prop: 'width' | 'height'): string | null {
  return cleanLength(el.style.getPropertyValue(prop));
}

function alignFrom(classList: DOMTokenList): ImageAlign {
  if (classList.contains('fr-fil')) return 'left';
  if (classList.contains('fr-fir')) return 'right';
  return 'center';
}

/** Froala's default display is block; `fr-dii` makes it inline. */
function displayFrom(classList: DOMTokenList): ImageDisplay {
  return classList.contains('fr-dii') ? 'inline' : 'block';
}

/** Attributes of a Froala `<img>` (without caption wrapper), or false when its src is refused. */
export function attrsFromImg(img: HTMLElement): ImageAttrs | false {
  const src = safeImageSrc(img.getAttribute('src'));
  if (!src) return false;
  const widthAttr = img.getAttribute('width');
  const heightAttr = img.getAttribute('height');
  return {
    src,
    alt: cleanAlt(img.getAttribute('alt')),
    width: styleLength(img, 'width') ?? cleanLength(widthAttr),
    height: styleLength(img, 'height') ?? cleanLength(heightAttr),
    align: alignFrom(img.classList),
    display: displayFrom(img.classList),
    classes: cleanClasses(img.getAttribute('class')),
    caption: null,
    uploadId: cleanUploadId(img.getAttribute('data-id')),
  };
}

/** Attributes of Froala's caption markup `span.fr-img-caption > span.fr-img-wrap > img + span.fr-inner`. */
export function attrsFromCaption(wrapper: HTMLElement): ImageAttrs | false {
  const img = wrapper.querySelector('img');
  if (!img) return false;
  const inner = attrsFromImg(img);
  if (!inner) return false;
  const captionEl = wrapper.querySelector('.fr-inner');
  return {
    ...inner,
    width: styleLength(wrapper, 'width') ?? inner.width,
    height: styleLength(wrapper, 'height') ?? inner.height,
    align:
      wrapper.classList.contains('fr-fil') || wrapper.classList.contains('fr-fir')
        ? alignFrom(wrapper.classList)
        : inner.align,
    display: wrapper.classList.contains('fr-dii') ? 'inline' : inner.display,
    classes: cleanClasses(`${wrapper.getAttribute('class') ?? ''} ${inner.classes}`),
    caption: cleanCaption((captionEl?.textContent ?? '').replace(/\s+/g, ' ').trim()),
  };
}

/** Normalises attributes from anywhere (JSON, Yjs, commands). */
export function cleanImageAttrs(raw: Record<string, unknown>): ImageAttrs {
  return {
    src: safeImageSrc(raw.src) ?? '',
    alt: cleanAlt(raw.alt),
    width: cleanLength(raw.width),
    height: cleanLength(raw.height),
    align: cleanAlign(raw.align),
    display: cleanDisplay(raw.display),
    classes: cleanClasses(raw.classes),
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

/** Froala's image HTML (with or without the caption wrapper). */
export function imageDomSpec(raw: Record<string, unknown>): DomSpec {
  const a = cleanImageAttrs(raw);
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
export function defaultImageAttrs(src: string, extra: Partial<ImageAttrs> = {}): ImageAttrs {
  return cleanImageAttrs({
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
  });
}
