import { Type, type Static } from 'typebox';
import { EmbedLimits } from '../limits';

/**
 * Embed cards (FROALA-REFERENCE §38):
 *
 *   POST /api/documents/:id/embeds   JSON EmbedRequest → 200 EmbedAnswer (editor link; the server fetches the page)
 *
 * `card`: the fields of an `embedCard` node (the picture re-hosted as one of the document's uploads, relative
 * `/uploads/…`); `video`: an address of an allowed video host (the client inserts the video node); `link`:
 * the page gave nothing for a card (the client keeps a plain link).
 */
export const EmbedRequest = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: EmbedLimits.maxUrlChars }) },
  { additionalProperties: false },
);
export type EmbedRequest = Static<typeof EmbedRequest>;

export const EmbedCardData = Type.Object({
  url: Type.String(),
  title: Type.String(),
  description: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  siteName: Type.String(),
});
export type EmbedCardData = Static<typeof EmbedCardData>;

export const EmbedAnswer = Type.Union([
  Type.Object({ kind: Type.Literal('card'), card: EmbedCardData }),
  Type.Object({ kind: Type.Literal('video'), url: Type.String() }),
  Type.Object({ kind: Type.Literal('link'), url: Type.String() }),
]);
export type EmbedAnswer = Static<typeof EmbedAnswer>;
