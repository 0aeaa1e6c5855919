import type { Editor } from '@tiptap/core';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

/** The part of a y-protocols Awareness the uploads need. */
export interface AwarenessLike {
  getStates(): Map<number, unknown>;
  clientID: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The shared Y.Doc the editor is bound to (null without collaboration). */
export function ydocOf(editor: Editor): Y.Doc | null {
  if (editor.isDestroyed) return null;
  const state: unknown = ySyncPluginKey.getState(editor.state);
  if (!isObject(state)) return null;
  const doc = state.doc;
  return doc instanceof Y.Doc ? doc : null;
}

/** This client's Yjs id, recorded on its placeholders (0 without collaboration). */
export function clientIdOf(editor: Editor): number {
  return ydocOf(editor)?.clientID ?? 0;
}

/** The awareness of the editor's provider (through the collaboration caret extension), if any. */
export function awarenessOf(editor: Editor): AwarenessLike | null {
  const ext = editor.extensionManager.extensions.find((e) => e.name === 'collaborationCaret');
  const options: unknown = ext?.options;
  if (!isObject(options)) return null;
  const provider = options.provider;
  if (!isObject(provider)) return null;
  const awareness = provider.awareness;
  if (!isObject(awareness) || typeof awareness.getStates !== 'function') return null;
  return awareness as unknown as AwarenessLike;
}
