import { blockquote } from './features/blockquote';
import { bold } from './features/bold';
import { bulletList } from './features/bullet-list';
import { charCounter } from './features/char-counter';
import { clearFormatting } from './features/clear-formatting';
import { code } from './features/code';
import { codeView } from './features/code-view';
import { codeBlock } from './features/code-block';
import { colors } from './features/colors';
import { comments } from './features/comments';
import { contextMenu } from './features/context-menu';
import { draggable } from './features/draggable';
import { embedCard } from './features/embed-card';
import { emoticons } from './features/emoticons';
import { documentExport } from './features/export';
import { file } from './features/file';
import { filesManager } from './features/files-manager';
import { findReplace } from './features/find-replace';
import { fontFamily } from './features/font-family';
import { forms } from './features/forms';
import { fontSize } from './features/font-size';
import { fullscreen } from './features/fullscreen';
import { help } from './features/help';
import { horizontalRule } from './features/horizontal-rule';
import { icons } from './features/icons';
import { downloadDocumentHtml, exportHtml, htmlExport, loadHtmlExport } from './features/html-export';
import { image } from './features/image';
import { imageEdit } from './features/image-edit';
import { imageManager } from './features/image-manager';
import { inlineClass } from './features/inline-class';
import { inlineStyle } from './features/inline-style';
import { italic } from './features/italic';
import { lineBreaker } from './features/line-breaker';
import { lineHeight } from './features/line-height';
import { link } from './features/link';
import { listIndent } from './features/list-indent';
import { markdown } from './features/markdown';
import { orderedList } from './features/ordered-list';
import { paragraphFormat } from './features/paragraph-format';
import { paragraphStyle } from './features/paragraph-style';
import { quickInsert } from './features/quick-insert';
import { save } from './features/save';
import { selectAll } from './features/select-all';
import { specialCharacters } from './features/special-characters';
import { spellCheck } from './features/spell-check';
import { strike } from './features/strike';
import { suggestions } from './features/suggestions';
import { subscript } from './features/subscript';
import { superscript } from './features/superscript';
import { table } from './features/table';
import { textAlign } from './features/text-align';
import { textStyle } from './features/text-style';
import { underline } from './features/underline';
import { uploads } from './features/uploads';
import { undoRedo } from './features/undo-redo';
import { video } from './features/video';
import { wordCounter } from './features/word-counter';
import { wordPaste } from './features/word-paste';
import { versionHistory } from './features/version-history';
import type { Capability } from './editor/core/capability';
import type { PageComposition } from './document-page/editor-shell';

/** Every capability, in toolbar order: the one place a new capability is added. */
export const capabilities: readonly Capability[] = [
  textStyle,
  bold,
  italic,
  underline,
  strike,
  code,
  subscript,
  superscript,
  fontFamily,
  fontSize,
  colors,
  inlineClass,
  inlineStyle,
  clearFormatting,
  paragraphFormat,
  paragraphStyle,
  lineHeight,
  textAlign,
  bulletList,
  orderedList,
  listIndent,
  blockquote,
  codeBlock,
  link,
  horizontalRule,
  uploads,
  image,
  imageManager,
  imageEdit,
  video,
  file,
  table,
  filesManager,
  emoticons,
  icons,
  forms,
  embedCard,
  specialCharacters,
  undoRedo,
  selectAll,
  findReplace,
  spellCheck,
  quickInsert,
  contextMenu,
  fullscreen,
  codeView,
  markdown,
  help,
  htmlExport,
  documentExport,
  save,
  versionHistory,
  comments,
  suggestions,
  lineBreaker,
  draggable,
  charCounter,
  wordCounter,
  wordPaste,
];

/** What the document page takes from here (it imports no feature itself). */
export const composition: PageComposition = {
  capabilities,
  htmlExport: { load: loadHtmlExport, exportHtml, download: downloadDocumentHtml },
};
