import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { MediaNodes } from '@shared/api/media-values';

/**
 * What the placeholders and the paste router need of the uploads at first paint: the keys reserved by a
 * paste, and, once the upload code (upload-manager.ts) has loaded on the first upload, its jobs. Before
 * that this client has no upload running, so the answers are "none".
 */
export interface UploadJobs {
  hasJob(key: string): boolean;
  localPreview(key: string): string | null;
  cancelUpload(key: string): boolean;
  cancelNewestUpload(editor: Editor): boolean;
  cancelAllUploads(editor: Editor): void;
}

let jobs: UploadJobs | null = null;

/** Called once by upload-manager.ts when it loads. */
export function registerUploadJobs(manager: UploadJobs): void {
  jobs = manager;
}

export function newUploadKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keys of placeholders this client put into a paste whose upload starts once they are in the doc. */
const reserved = new Set<string>();

export function reserveKey(key: string): void {
  reserved.add(key);
}

export function releaseKey(key: string): void {
  reserved.delete(key);
}

/** Whether this client runs (or queues, or is about to start) the upload behind a placeholder key. */
export function isLocalUpload(key: string): boolean {
  return reserved.has(key) || (jobs?.hasJob(key) ?? false);
}

/** The local preview URL of an image upload of this client, if any. */
export const localPreview = (key: string): string | null => jobs?.localPreview(key) ?? null;

/** Cancels an upload of this client: aborts the request (or leaves the queue) and removes its placeholder. */
export const cancelUpload = (key: string): boolean => jobs?.cancelUpload(key) ?? false;

/** Cancels this editor's newest unfinished upload (Escape); false when there is none. */
export const cancelNewestUpload = (editor: Editor): boolean => jobs?.cancelNewestUpload(editor) ?? false;

/** Cancels every upload of an editor that goes away. */
export const cancelAllUploads = (editor: Editor): void => jobs?.cancelAllUploads(editor);

/** Position and node of the placeholder with `key`, or null when it is gone. */
export function findPlaceholder(doc: PmNode, key: string): { pos: number; node: PmNode } | null {
  let found: { pos: number; node: PmNode } | null = null;
  doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === MediaNodes.placeholder.node && node.attrs.key === key) {
      found = { pos, node };
      return false;
    }
    return true;
  });
  return found;
}

/** Removes a placeholder outside the undo history; true when it was there. */
export function removePlaceholder(editor: Editor, key: string): boolean {
  if (editor.isDestroyed) return false;
  const hit = findPlaceholder(editor.state.doc, key);
  if (!hit) return false;
  const tr = editor.state.tr.delete(hit.pos, hit.pos + hit.node.nodeSize).setMeta('addToHistory', false);
  editor.view.dispatch(tr);
  return true;
}

/** A refused start: a pasted placeholder waiting for this upload goes away too. */
export function notStarted(editor: Editor, existingKey?: string): { cancel(): void; done: Promise<boolean> } {
  if (existingKey) {
    releaseKey(existingKey);
    removePlaceholder(editor, existingKey);
  }
  return { cancel: () => undefined, done: Promise.resolve(false) };
}
