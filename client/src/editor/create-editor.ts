import type { AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import StarterKit from '@tiptap/starter-kit';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { YDocKeys } from '@shared/collab/awareness-user';
import type { CollabSession } from './collab-provider';
import { capabilities } from './capabilities';

/** The editor's extensions: StarterKit core + Yjs collaboration + every capability's own. */
export function editorExtensions(session: CollabSession, user: AwarenessUser, readOnly: boolean): AnyExtension[] {
  return [
    StarterKit.configure({
      // Yjs's undo manager replaces ProseMirror history, so undo only reverts this author's changes.
      undoRedo: false,
      // Links arrive with their own capability (scheme allowlist, popups).
      link: false,
      // A viewer must never change the shared document, not even by normalising it.
      ...(readOnly ? { trailingNode: false } : {}),
    }),
    Collaboration.configure({ document: session.doc, field: YDocKeys.content }),
    CollaborationCaret.configure({ provider: session.provider, user }),
    ...capabilities.flatMap((c) => c.extensions),
  ];
}
