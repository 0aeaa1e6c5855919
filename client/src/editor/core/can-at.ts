import type { Editor } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';

type Can = ReturnType<Editor['can']>;
const cache = new WeakMap<EditorState, Can>();

/**
 * `editor.can()` built once per editor state. Building it binds every command of every extension, and
 * the toolbar asks a dozen "can I?" questions per state; checks never dispatch, so they can share it.
 */
export function canAt(editor: Editor): Can {
  const { state } = editor;
  let can = cache.get(state);
  if (!can) {
    can = editor.can();
    cache.set(state, can);
  }
  return can;
}
