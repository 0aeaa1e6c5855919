import { EmbedLimits } from '../../limits';
import { validAttrs, type AttrModels } from './attribute-model';
import type { AttrValidator } from './model-types';

// The embed card's values without the Tiptap node (embed-card-model.ts): the server's embed route reads them
// at start, and Tiptap loads only with the document model (issue 29).

/** The embed card's node name (FROALA-REFERENCE §38): a block atom built from a page's oEmbed/Open Graph data. */
export const EmbedCardNodeName = 'embedCard';

export interface EmbedCardAttrs {
  url: string;
  title: string;
  description: string;
  /** Our own re-hosted picture (`/uploads/…`), or null. */
  image: string | null;
  siteName: string;
}

// Controls never belong in a card's text (they would also hide content in exports).
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}(?:\.[a-z0-9]{1,8})?$/;

/** The canonical http(s) address of a card (no credentials), or null. */
export function cleanEmbedUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > EmbedLimits.maxUrlChars) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href.length <= EmbedLimits.maxUrlChars ? url.href : null;
}

export const isEmbedUrl: AttrValidator = (value) => typeof value === 'string' && cleanEmbedUrl(value) === value;
export const isEmbedImage: AttrValidator = (value) =>
  value === null || (typeof value === 'string' && UPLOAD_PATH.test(value) && !value.includes('..'));
const cardText =
  (max: number): AttrValidator =>
  (value) =>
    typeof value === 'string' && value.length <= max && !CONTROLS.test(value);

/** The card's attribute models (the Tiptap node and the server's checks read them). */
export const embedCardAttributes: AttrModels = {
  url: { default: '', validate: isEmbedUrl },
  title: { default: '', validate: cardText(EmbedLimits.maxTitleChars) },
  description: { default: '', validate: cardText(EmbedLimits.maxDescriptionChars) },
  image: { default: null, validate: isEmbedImage },
  siteName: { default: '', validate: cardText(EmbedLimits.maxSiteNameChars) },
};

/** The card's attributes read through the validators (invalid → default). */
export function readEmbedCardAttrs(attrs: Readonly<Record<string, unknown>>): EmbedCardAttrs {
  // Every value passed its validator (or is the default), so it has the type EmbedCardAttrs names.
  return validAttrs(attrs, embedCardAttributes) as unknown as EmbedCardAttrs;
}

/** A card text field as stored: whitespace collapsed, cut to `max` characters, no controls. */
export function cleanCardText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const text = value.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The card's attributes from raw values (a server answer): cleaned, then validated; null without an address. */
export function embedCardAttrsFrom(raw: Readonly<Record<string, unknown>>): EmbedCardAttrs | null {
  const url = cleanEmbedUrl(raw.url);
  if (!url) return null;
  return readEmbedCardAttrs({
    url,
    title: cleanCardText(raw.title, EmbedLimits.maxTitleChars),
    description: cleanCardText(raw.description, EmbedLimits.maxDescriptionChars),
    image: raw.image ?? null,
    siteName: cleanCardText(raw.siteName, EmbedLimits.maxSiteNameChars),
  });
}
