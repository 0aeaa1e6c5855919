import type { AnyExtension, Editor } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import i18next from 'i18next';
import { displayName } from '../../lib/display-name';
import { ListKeymap } from '@tiptap/extension-list/keymap';
// Subpaths: the package's index also brings its ProseMirror history (unused: Yjs undoes) into the first load.
import { TrailingNode } from '@tiptap/extensions/trailing-node';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { coreModelExtensions } from '@shared/document/model/core-model';
import { EditorSurface } from './editor-surface';
import { defaultEditorOptions } from '@shared/editor-option-defaults';
import type { EditorOptions } from '@shared/editor-options';
import { guardAwareness } from '../collab/awareness-guard';
import type { CollabSession } from '../collab/collab-provider';
import { extensionsOf, type Capability, type CapabilityContext } from './capability';
import { CapabilityList } from './capability-list';
import { collaborationBinding } from '../collab/collaboration-binding';
import { ReadOnlyGuard } from './read-only-guard';
import { CommentMarkName, CommentObjects } from '@shared/document/model/comment-model';
import { deferPluginViewUpdates } from './defer-plugin-view';
import { ViewNodeIdentity } from './view-node-identity';
import { PastePipeline } from './paste-pipeline';
import { EmojiFontWatch } from './emoji-font-watch';
import { LazyCursors } from './lazy-cursors';
import { PendingSelectionReader } from './dom-selection';

/**
 * The editor core bound to a Y.Doc: the document model's core nodes and marks built with the deployment's
 * options (the server builds its model with the same), the editing behaviours StarterKit used to bring
 * without its schema, and Yjs collaboration. No ProseMirror history: Yjs's undo manager replaces it, so
 * undo only reverts this author's changes.
 */
export function coreExtensions(
  doc: Y.Doc,
  readOnly = false,
  options: EditorOptions = defaultEditorOptions,
  commenting = false,
): AnyExtension[] {
  return [
    ...coreModelExtensions(options),
    PendingSelectionReader,
    LazyCursors,
    ListKeymap,
    // A viewer must never change the shared document, not even by normalising it.
    ...(readOnly ? [] : [TrailingNode]),
    // A viewer's editor binds to its own copy of the document, so its repairs stay in its view; a
    // commenter's binds to the shared one, where its guard lets only comment anchors through.
    ...collaborationBinding(doc, readOnly && !commenting),
    ViewNodeIdentity,
    PastePipeline,
    EmojiFontWatch,
    EditorSurface,
    ...(readOnly
      ? [
          ReadOnlyGuard.configure({
            marks: commenting ? [CommentMarkName] : [],
            attributes: commenting ? [CommentObjects.attribute] : [],
          }),
        ]
      : []),
  ];
}

/** A remote caret with its author's name as this UI shows it (default names translated). */
function renderCaret(user: Record<string, unknown>): HTMLElement {
  const name = typeof user.name === 'string' ? user.name : '';
  // The awareness guard has already refused any other colour syntax.
  const color = typeof user.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(user.color) ? user.color : 'transparent';
  const caret = document.createElement('span');
  caret.className = 'collaboration-carets__caret';
  caret.style.borderColor = color;
  const label = document.createElement('div');
  label.className = 'collaboration-carets__label';
  label.style.backgroundColor = color;
  label.textContent = displayName(name, i18next.t);
  caret.append(label);
  return caret;
}

/** While typing, this author's caret reaches the others at most this often (ms); the text itself at once. */
export const CARET_PUBLISH_INTERVAL_MS = 100;

/** Each editor's current user fields (see updateUser); options are a fresh copy on each read, so not there, and the
 * caret extension's storage has Tiptap's closed type: a side table, kernel-private. */
const currentUsers = new WeakMap<Editor, Record<string, unknown>>();

/**
 * Named carets of the others, from awareness states that pass the shared validator only; this author's own
 * caret is published after the keystroke's frame, at most every CARET_PUBLISH_INTERVAL_MS.
 */

export const DeferredCollaborationCaret = CollaborationCaret.extend({
  addOptions() {
    return { ...this.parent?.(), render: renderCaret };
  },
  onBeforeCreate(event) {
    this.parent?.(event);
    // Before the view exists, so the guard's listener runs ahead of the cursor plugin's.
    const provider = this.options.provider as { awareness?: Awareness } | null;
    if (provider?.awareness) guardAwareness(provider.awareness);
  },
  addCommands() {
    return {
      ...this.parent?.(),
      // Remembered: the listener below publishes it again whenever plugin views are re-created.
      updateUser: (attributes: Record<string, unknown>) => () => {
        currentUsers.set(this.editor, attributes);
        (this.options.provider as { awareness: Awareness }).awareness.setLocalStateField('user', attributes);
        return true;
      },
    };
  },
  addProseMirrorPlugins() {
    const [listener, ...rest] = this.parent?.() ?? [];
    const { editor, options } = this;
    const { awareness } = options.provider as { awareness: Awareness };
    // Tiptap's listener publishes the user the editor was created with each time its view is created,
    // and ProseMirror re-creates every plugin view when a part registers plugins late: a renamed author
    // or a moved presence colour then went back to the first one for everybody. Ours publishes the
    // current user (and does not keep `storage.users`, which Tandem does not read).
    const current = listener
      ? [
          new Plugin({
            key: listener.spec.key,
            view: () => {
              awareness.setLocalStateField('user', currentUsers.get(editor) ?? options.user);
              return {};
            },
          }),
        ]
      : [];
    return [...current, ...rest].map((plugin) => deferPluginViewUpdates(plugin, CARET_PUBLISH_INTERVAL_MS));
  },
});

/** The editor's extensions: the core, named carets of the others, and every capability's own. */
export function editorExtensions(
  session: CollabSession,
  user: AwarenessUser,
  readOnly: boolean,
  context: CapabilityContext,
  capabilities: readonly Capability[],
): AnyExtension[] {
  const commenting = readOnly && !session.readOnly && context.session?.canComment === true;
  return [
    ...coreExtensions(session.doc, readOnly || session.readOnly, context.options, commenting),
    DeferredCollaborationCaret.configure({ provider: session.provider, user }),
    CapabilityList.configure({ list: capabilities }),
    ...capabilities.flatMap((c) => extensionsOf(c, context)),
  ];
}
