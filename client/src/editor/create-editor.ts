import type { AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import StarterKit from '@tiptap/starter-kit';
import type * as Y from 'yjs';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { YDocKeys } from '@shared/document/ydoc-keys';
import type { CollabSession } from './collab-provider';
import { capabilities } from './capabilities';
import { extensionsOf, type CapabilityContext } from './capability';
import { ReadOnlyGuard } from './read-only-guard';
import { deferPluginViewUpdates } from './defer-plugin-view';
import { ViewNodeIdentity } from './view-node-identity';

/** The editor core bound to a Y.Doc: StarterKit without its own history, plus Yjs collaboration. */
export function coreExtensions(doc: Y.Doc, readOnly = false): AnyExtension[] {
  return [
    StarterKit.configure({
      // Yjs's undo manager replaces ProseMirror history, so undo only reverts this author's changes.
      undoRedo: false,
      // Links arrive with their own capability (scheme allowlist, popups).
      link: false,
      // A viewer must never change the shared document, not even by normalising it.
      ...(readOnly ? { trailingNode: false } : {}),
    }),
    Collaboration.configure({ document: doc, field: YDocKeys.content }),
    ViewNodeIdentity,
    ...(readOnly ? [ReadOnlyGuard] : []),
  ];
}

/** Named carets of the others; this author's own caret is published after the keystroke's frame. */
const DeferredCollaborationCaret = CollaborationCaret.extend({
  addProseMirrorPlugins() {
    return (this.parent?.() ?? []).map(deferPluginViewUpdates);
  },
});

/** The editor's extensions: the core, named carets of the others, and every capability's own. */
export function editorExtensions(
  session: CollabSession,
  user: AwarenessUser,
  readOnly: boolean,
  context: CapabilityContext,
): AnyExtension[] {
  return [
    ...coreExtensions(session.doc, readOnly),
    DeferredCollaborationCaret.configure({ provider: session.provider, user }),
    ...capabilities.flatMap((c) => extensionsOf(c, context)),
  ];
}
