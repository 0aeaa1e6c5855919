import type { Capability } from '../../editor/core/capability';
import { WordPaste } from './word-paste.extension';
import { wordPasteStrings } from './word-paste.i18n';
import { useSyncExternalStore } from 'react';
import type { EditorUiProps } from '../../editor/core/capability';
import { lazyOnNeed, retryableImport } from '../../editor/core/lazy/lazy-part';
import { wordPasteState } from './word-paste.extension';

const importOverlay = retryableImport(() => import('./word-paste.overlay'));

/** The question's code is fetched when idle, or at once when a Word paste asks it (or announces pictures). */
const WordPasteOverlay = lazyOnNeed(
  () => importOverlay().then((m) => m.WordPasteOverlay),
  ({ editor }: EditorUiProps): boolean => {
    const state = wordPasteState(editor);
    return useSyncExternalStore(
      state?.subscribe ?? noSubscribe,
      () => state !== null && (state.pending !== null || state.droppedLocalImages > 0),
    );
  },
);
const noSubscribe = (): (() => void) => () => undefined;

export { detectPasteSource } from './detect-source';

/**
 * Word paste (FROALA-REFERENCE §36): pastes from Word ask Clean or Keep (the deployment may preselect one);
 * Google Docs and LibreOffice pastes are cleaned without asking; pictures on the author's disk are announced.
 */
export const wordPaste: Capability = {
  name: 'wordPaste',
  extensions: (context) => [WordPaste.configure({ editorOptions: context.options })],
  i18n: wordPasteStrings,
  Overlay: WordPasteOverlay,
  toolbar: [],
};
