import type { Capability } from '../../editor/core/capability';
import { WordPaste } from './word-paste.extension';
import { wordPasteStrings } from './word-paste.i18n';
import { useSyncExternalStore } from 'react';
import type { EditorUiProps } from '../../editor/core/capability';
import { wordPasteState } from './word-paste.extension';

/** A Word paste asks its question (or announces pictures): the overlay has something to show. */
function useQuestion({ editor }: EditorUiProps): boolean {
  const state = wordPasteState(editor);
  return useSyncExternalStore(
    state?.subscribe ?? noSubscribe,
    () => state !== null && (state.pending !== null || state.droppedLocalImages > 0),
  );
}
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
  // The question's code is fetched when idle, or at once when a Word paste asks it (or announces pictures).
  Overlay: { ui: () => import('./word-paste.overlay'), preload: { need: useQuestion } },
  toolbar: [],
};
