import type { Capability } from '../../editor/capability';
import { WordPaste } from './word-paste.extension';
import { wordPasteStrings } from './word-paste.i18n';
import { WordPasteOverlay } from './word-paste.overlay';

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
