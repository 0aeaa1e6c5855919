import { EmbedLimits } from '../../limits';
import { cleanEmbedUrl, readEmbedCardAttrs, type EmbedCardAttrs } from './embed-card-model';

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
