import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { MediaNodes } from '@shared/api/media-values';
import { store } from '../../lib/store';
import type { UploadToast } from './upload-errors';

/** One session's upload queue (upload-manager.ts), created by the upload code on the session's first upload. */
export interface UploadQueue {
  hasJob(key: string): boolean;
  localPreview(key: string): string | null;
  /** Cancels an upload: aborts the request (or leaves the queue) and removes its placeholder. */
  cancel(key: string): boolean;
  /** Cancels the newest unfinished upload (Escape); false when there is none. */
  cancelNewest(): boolean;
  cancelAll(): void;
}

/** A picture of pasted HTML, parked between HTML parsing and the placeholder swap (upload-router.ts). */
export type Parked = ({ source: 'data'; file: File } | { source: 'remote'; url: string; alt: string }) & { at: number };

/**
 * One editor's uploads (STYLE §7.11): created with the editor (the placeholder extension's storage) and
 * destroyed with it, aborting what still runs. It holds what the placeholders and the paste router need at
 * first paint; the queue comes with the upload code on the first upload, and before that this session has
 * no upload running, so the answers are "none".
 */
export class UploadSession {
  /** Keys of placeholders this client put into a paste whose upload starts once they are in the doc. */
  readonly reserved = new Set<string>();
  readonly parked = new Map<string, Parked>();
  /** The error messages shown (upload-errors.ts). */
  readonly errors = store<readonly UploadToast[]>([]);
  lastErrorId = 0;
  queue: UploadQueue | null = null;

  /** Whether this client runs (or queues, or is about to start) the upload behind a placeholder key. */
  isLocal(key: string): boolean {
    return this.reserved.has(key) || (this.queue?.hasJob(key) ?? false);
  }
}

export interface UploadPlaceholderStorage {
  session: UploadSession;
}

declare module '@tiptap/core' {
  interface Storage {
    uploadPlaceholder: UploadPlaceholderStorage;
  }
}

/** The upload session of `editor` (the uploads capability is there wherever media can be uploaded). */
export const uploadSessionOf = (editor: Editor): UploadSession => editor.storage.uploadPlaceholder.session;

export function newUploadKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

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
    uploadSessionOf(editor).reserved.delete(existingKey);
    removePlaceholder(editor, existingKey);
  }
  return { cancel: () => undefined, done: Promise.resolve(false) };
}
