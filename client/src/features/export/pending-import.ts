import type { ImportContent } from './import-file';

/**
 * Content imported on the home page for a document just created, kept in memory until that document's
 * editor has synced and takes it (a new document arrives empty, then the import goes in as an edit).
 * Module-level on purpose: it hands content from the home page to an editor that does not exist yet.
 */
const pending = new Map<string, ImportContent>();

export function setPendingImport(docId: string, content: ImportContent): void {
  pending.set(docId, content);
}

export function hasPendingImport(docId: string): boolean {
  return pending.has(docId);
}

/** The pending content of `docId`, removed (taken once). */
export function takePendingImport(docId: string): ImportContent | undefined {
  const content = pending.get(docId);
  pending.delete(docId);
  return content;
}
