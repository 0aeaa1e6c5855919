import { Extension, type Editor } from '@tiptap/core';
import { store, useStore, type Store } from '../../lib/store';
import type { DownloadProgress } from './export-download';

/** A message by i18n key, translated when shown (so a language switch changes it too). */
export interface StatusMessage {
  key: string;
  /** Values put in as they are. */
  params?: Record<string, string | number>;
  /** Values that are i18n keys themselves (a format's label, an error's message), translated first. */
  keyParams?: Record<string, string>;
}

/** The one export or import running in an editor, or the error of the last one. */
export type ExportStatus =
  | { kind: 'idle' }
  | { kind: 'download'; format: StatusMessage; progress: DownloadProgress; cancel: () => void }
  | { kind: 'import'; name: string }
  | { kind: 'error'; message: StatusMessage };

export interface ExportStorage {
  /** The one export or import running in this editor, or the error of the last one. */
  status: Store<ExportStatus>;
}

declare module '@tiptap/core' {
  interface Storage {
    export: ExportStorage;
  }
}

/** Holds the export status per editor. */
export const ExportState = Extension.create<Record<string, never>, ExportStorage>({
  name: 'export',
  addStorage: () => ({ status: store<ExportStatus>({ kind: 'idle' }) }),
});

// A download or import may end after its editor is gone (Tiptap empties a destroyed editor's storage).
export const setExportStatus = (editor: Editor, next: ExportStatus): void => {
  if (!editor.isDestroyed) editor.storage.export.status.set(next);
};

export const getExportStatus = (editor: Editor): ExportStatus =>
  editor.isDestroyed ? { kind: 'idle' } : editor.storage.export.status.get();

export const useExportStatus = (editor: Editor): ExportStatus => useStore(editor.storage.export.status);
