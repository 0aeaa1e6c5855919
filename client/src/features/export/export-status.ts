import { useSyncExternalStore } from 'react';
import type { DownloadProgress } from './export-download';

/** A message by i18n key, translated when shown (so a language switch changes it too). */
export interface StatusMessage {
  key: string;
  /** Values put in as they are. */
  params?: Record<string, string | number>;
  /** Values that are i18n keys themselves (a format's label, an error's message), translated first. */
  keyParams?: Record<string, string>;
}

/** The one export or import running in this tab, or the error of the last one. */
export type ExportStatus =
  | { kind: 'idle' }
  | { kind: 'download'; format: StatusMessage; progress: DownloadProgress; cancel: () => void }
  | { kind: 'import'; name: string }
  | { kind: 'error'; message: StatusMessage };

let status: ExportStatus = { kind: 'idle' };
const listeners = new Set<() => void>();

export function setExportStatus(next: ExportStatus): void {
  status = next;
  listeners.forEach((l) => l());
}

export function getExportStatus(): ExportStatus {
  return status;
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useExportStatus(): ExportStatus {
  return useSyncExternalStore(subscribe, getExportStatus);
}
