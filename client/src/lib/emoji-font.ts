/** Whether this system can draw emoji itself (a colour emoji font is installed): measured once. */
let systemEmoji: boolean | undefined;

function systemHasEmojiFont(): boolean {
  if (systemEmoji !== undefined) return systemEmoji;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return (systemEmoji = false);
  // A private-use character no font draws gives the width of the missing-glyph box.
  context.font = '32px sans-serif';
  const missing = context.measureText('\u{10FFFD}').width;
  const emoji = context.measureText('\u{1F923}').width;
  systemEmoji = emoji !== missing;
  return systemEmoji;
}

/**
 * An emoji drawn as one: a character shown as emoji by default, or a pictograph followed by the emoji
 * variation selector. © or ™ in running text is drawn by the text font and does not count.
 */
export const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;

let faces: Promise<void> | undefined;

/**
 * Brings in the bundled Noto Emoji's @font-face rules, once, on a system without an emoji font, when
 * an emoji is first shown. Only the rules come here (2 KiB, kept out of the first load); the browser
 * then fetches the subset file of each unicode-range that a character on screen needs.
 */
export function loadEmojiFontFaces(): Promise<void> {
  if (typeof document === 'undefined' || systemHasEmojiFont()) return Promise.resolve();
  faces ??= import('@fontsource/noto-emoji/400.css').then(
    () => undefined,
    (error: unknown) => {
      // Offline with a stale deployment: emoji stay boxes until the next load; asking again may work.
      faces = undefined;
      console.error('[tandem] the emoji font could not be loaded', error);
    },
  );
  return faces;
}

/**
 * Resolves when the emoji in `chars` can be drawn. Without a system emoji font the bundled Noto Emoji
 * subsets holding them are loaded first: text laid out while a subset is still loading keeps its
 * missing-glyph box in Chromium, so the grid waits for them instead.
 */
export async function emojiFontReady(chars: string): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document) || systemHasEmojiFont()) return;
  await loadEmojiFontFaces();
  // A subset that fails to load leaves boxes for its characters; the picker still works.
  await document.fonts.load('20px "Noto Emoji"', chars).catch(() => undefined);
}
