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
 * Resolves when the emoji in `chars` can be drawn. Without a system emoji font the bundled Noto Emoji
 * subsets holding them are loaded first: text laid out while a subset is still loading keeps its
 * missing-glyph box in Chromium, so the grid waits for them instead.
 */
export function emojiFontReady(chars: string): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document) || systemHasEmojiFont()) return Promise.resolve();
  return document.fonts.load('20px "Noto Emoji"', chars).then(
    () => undefined,
    // A subset that fails to load leaves boxes for its characters; the picker still works.
    () => undefined,
  );
}
