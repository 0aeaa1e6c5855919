import type { BinaryExportFormat, ExportPage, ExportSuggestions } from '@shared/api/export';
import type { EditorOptions } from '@shared/editor-options';
import type { DocxCommentThread } from '../docx/comments';
import type { ExportImages } from '../render/images';

/** A document for an export worker to render. */
export interface ExportJob {
  format: BinaryExportFormat;
  /** The Y.Doc state (`Y.encodeStateAsUpdate`). */
  state: Uint8Array;
  page: ExportPage;
  /** Suggestions accepted (when absent), or as marked (PDF in colour, Word as tracked changes). */
  suggestions?: ExportSuggestions;
  images: ExportImages;
  /** Origin that relative links and upload addresses are made absolute with. */
  origin: string | null;
  /** .docx only: the document's comment threads, written as Word comments. */
  comments?: DocxCommentThread[];
}

/** What each worker starts with: the editor options whose document model it reads documents with. */
export interface ExportWorkerData {
  editorOptions: EditorOptions;
}
