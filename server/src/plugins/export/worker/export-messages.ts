import type { BinaryExportFormat, ExportPage } from '@shared/api/export';
import type { EditorOptions } from '@shared/editor-options';
import type { ExportImages } from '../render/images';

/** A document for an export worker to render. */
export interface ExportJob {
  id: number;
  format: BinaryExportFormat;
  /** The Y.Doc state (`Y.encodeStateAsUpdate`). */
  state: Uint8Array;
  page: ExportPage;
  images: ExportImages;
  /** Origin that relative links and upload addresses are made absolute with. */
  origin: string | null;
}

/** The worker's answer: the file's bytes, or why it failed. */
export type ExportReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

/** What each worker starts with: the editor options whose document model it reads documents with. */
export interface ExportWorkerData {
  editorOptions: EditorOptions;
}
