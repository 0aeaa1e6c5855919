import type { Editor } from '@tiptap/core';
import i18next from 'i18next';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { CommentThread } from '@shared/api/comments';
import { CommentModel, commentMarkType, isCommentThreadId } from '@shared/document/model/comment-model';
import type { CapabilitySession } from '../../editor/core/capability';
import { store } from '../../lib/store';
import { pastedWithoutLiveAnchors, threadsAtSelection } from './comment-anchors';
import { canAnchorOn, objectDecorations, objectsQuote, selectedObjects } from './comment-objects';
import { CommentThreads } from './comments-data';
import { mayComment } from './use-editable';
import { SidePanelState } from '../../editor/ui/side-panel-state';

/** The range a new thread will anchor to while its first comment is written (mapped through every change). */
export interface PendingRange {
  from: number;
  to: number;
  /** The thread anchors on these objects (an image, a video, table cells), not on the text of the range. */
  objects?: number[];
}

const pendingKey = new PluginKey<PendingRange | null>('commentPending');
const objectsKey = new PluginKey<DecorationSet>('commentObjects');

/** The colours of anchors: a light yellow; stronger for the focused thread's and the one being written. */
const ANCHOR_BACKGROUND = 'rgb(255 212 0 / 22%)';
const FOCUSED_BACKGROUND = 'rgb(255 190 0 / 55%)';
const ANCHOR_LINE = 'rgb(230 170 0 / 70%)';
const FOCUSED_LINE = 'rgb(230 150 0)';

let scopes = 0;

/** One editor's comments: the threads, the panel, the focused thread and the composer (STYLE §7.11). */
export class CommentsState {
  readonly data = new CommentThreads();
  readonly panel = new SidePanelState();
  readonly panelOpen = this.panel.open;
  /** The thread whose anchor holds the caret, or that was picked in the panel. */
  readonly focused = store<string | null>(null);
  /** The composer of a new thread is open for this quote (its range is the plugin's pending range). */
  readonly composing = store<{ quote: string } | null>(null);
  readonly showResolved = store(false);
  /** The value of `data-comments` on this editor's element, which the highlight rules are scoped to. */
  readonly scope = `comments-${String(++scopes)}`;
  /** Undoes what onCreate set up (the highlight rules and their subscriptions). */
  dispose: (() => void) | null = null;
  setPanel = (open: boolean): void => this.panel.set(open);

  /** Closes the panel (and a composer) and gives the focus back to what opened it, or to the text. */
  closePanel(editor: Editor): void {
    cancelComposer(editor);
    this.panel.close(editor);
  }
}

export interface CommentsOptions {
  session: CapabilitySession | null;
}

export interface CommentsStorage {
  state: CommentsState;
}

declare module '@tiptap/core' {
  interface Storage {
    comment: CommentsStorage;
  }
}

export const commentsOf = (editor: Editor): CommentsState => editor.storage.comment.state;

/** The pending range of a new thread, or null. */
export const pendingRange = (state: EditorState): PendingRange | null => pendingKey.getState(state) ?? null;

/** Sets (or with null clears) the pending range of a new thread, on a transaction. */
export const withPending = <T extends Transaction>(tr: T, range: PendingRange | null): T =>
  tr.setMeta(pendingKey, range) as T;

/**
 * The CSS that highlights this editor's anchors: those of the open threads this browser knows (a resolved
 * thread's, a deleted one's or one still loading are not highlighted), the focused thread's more strongly.
 */
export function highlightCss(
  scope: string,
  threads: ReadonlyMap<string, CommentThread>,
  focused: string | null,
): string {
  const root = `[data-comments="${scope}"]`;
  const anchor = (id: string): string => `${root} .comment-anchor[data-comment-thread="${id}"]`;
  // By the attribute, not the class: a node view that sets its own classes (the image's) keeps other attributes.
  const object = (id: string): string => `${root} [data-comment-threads~="${id}"]`;
  const rules = [
    `${root} .comment-pending { background-color: ${FOCUSED_BACKGROUND}; }`,
    `${root} [data-comment-pending] { outline: 3px solid ${FOCUSED_LINE}; outline-offset: -3px; }`,
  ];
  // Ids go into selectors only as the model's url-safe pattern allows them.
  const open = [...threads.values()].filter((t) => !t.resolved && isCommentThreadId(t.id));
  if (open.length > 0) {
    rules.push(
      `${open.map((t) => anchor(t.id)).join(',\n')} { background-color: ${ANCHOR_BACKGROUND}; border-bottom: 2px solid ${ANCHOR_LINE}; }`,
      // An object's marker: an outline inside its box (a cell's borders stay visible), in the anchors' colour.
      `${open.map((t) => object(t.id)).join(',\n')} { outline: 2px solid ${ANCHOR_LINE}; outline-offset: -2px; }`,
    );
  }
  if (focused !== null && open.some((t) => t.id === focused)) {
    rules.push(`${anchor(focused)} { background-color: ${FOCUSED_BACKGROUND}; }`);
    rules.push(`${object(focused)} { outline: 3px solid ${FOCUSED_LINE}; outline-offset: -3px; }`);
  }
  return rules.join('\n');
}

/**
 * Opens the composer of a new thread for the selection (not empty): text, or an image, a video or table cells
 * alone (anchored by their attribute); false when there is nothing to anchor to.
 */
export function startComment(editor: Editor): boolean {
  const { state } = editor;
  const { from, to, empty } = state.selection;
  if (empty || !mayComment(editor)) return false;
  const objects = selectedObjects(state.selection);
  if (objects) {
    return (
      objects.every((pos) => canAnchorOn(state.doc, pos)) &&
      openComposer(editor, { from, to, objects }, objectsQuote(state.doc, objects))
    );
  }
  // An image, a video or an icon inside the selection is quoted by its alternative text, or as an object. The
  // selection needs some text: y-tiptap keeps no marks on inline objects, so a mark on an object alone would
  // not reach the others (an object alone has an anchor of its own, above).
  const quote = state.doc
    .textBetween(from, to, ' ', (leaf) => {
      const own = leaf.type.spec.leafText;
      if (own) return own(leaf);
      // Not selectable: a hard break, a line break in the quote.
      if (leaf.type.spec.selectable === false) return ' ';
      const alt: unknown = leaf.attrs.alt;
      return ` [${typeof alt === 'string' && alt.trim() !== '' ? alt.trim() : i18next.t('comments.object')}] `;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (
    state.doc.textBetween(from, to, '', '').trim() === '' ||
    !editor.can().setMark(CommentModel.name, { thread: 'x'.repeat(16) })
  ) {
    return false;
  }
  return openComposer(editor, { from, to }, quote);
}

/** Marks the pending range (or objects) of a new thread and opens its composer in the panel. */
function openComposer(editor: Editor, range: PendingRange, quote: string): boolean {
  editor.view.dispatch(editor.state.tr.setMeta(pendingKey, range));
  const comments = commentsOf(editor);
  comments.composing.set({ quote });
  comments.setPanel(true);
  return true;
}

/**
 * Opens the composer of a new thread on `[from, to)` (another capability's object, such as a suggestion, gets
 * its discussion this way); false when that range cannot take a comment here.
 */
export function commentOnRange(editor: Editor, from: number, to: number): boolean {
  if (editor.isDestroyed || !editor.commands.setTextSelection({ from, to })) return false;
  return startComment(editor);
}

/** Closes the composer of a new thread without anchoring anything. */
export function cancelComposer(editor: Editor): void {
  const comments = commentsOf(editor);
  if (comments.composing.get() === null) return;
  comments.composing.set(null);
  if (!editor.isDestroyed && pendingRange(editor.state))
    editor.view.dispatch(editor.state.tr.setMeta(pendingKey, null));
}

/**
 * The `comment` mark of the model with this capability's state: the threads (loaded when the editor opens,
 * kept current by the comments frames), the panel, the pending range of a new thread (decorated), the thread
 * at the caret (one look at the marks at the selection, not a walk), and the highlight rules.
 */
export const CommentsExtension = CommentModel.extend<CommentsOptions, CommentsStorage>({
  addOptions() {
    return { session: null };
  },

  addStorage() {
    return { state: new CommentsState() };
  },

  addKeyboardShortcuts() {
    return { 'Mod-Alt-m': () => startComment(this.editor) };
  },

  onCreate() {
    const comments = this.storage.state;
    comments.panel.join(this.editor);
    if (this.options.session) comments.data.connect(this.options.session);
    if (typeof document === 'undefined') return;
    const style = document.createElement('style');
    style.dataset.comments = comments.scope;
    document.head.append(style);
    const draw = (): void => {
      style.textContent = highlightCss(comments.scope, comments.data.threads.get(), comments.focused.get());
    };
    draw();
    const offThreads = comments.data.threads.subscribe(draw);
    const offFocused = comments.focused.subscribe(draw);
    this.storage.state.dispose = () => {
      offThreads();
      offFocused();
      style.remove();
    };
  },

  onDestroy() {
    this.storage.state.data.disconnect();
    this.storage.state.dispose?.();
  },

  addProseMirrorPlugins() {
    const comments = this.storage.state;
    return [
      new Plugin<PendingRange | null>({
        key: pendingKey,
        state: {
          init: () => null,
          apply: (tr, value) => {
            const meta = tr.getMeta(pendingKey) as PendingRange | null | undefined;
            if (meta !== undefined) return meta;
            if (!value || !tr.docChanged) return value;
            if (value.objects) {
              // An object that is deleted takes its place in the pending thread with it.
              const objects = value.objects.flatMap((pos) => {
                const mapped = tr.mapping.mapResult(pos, 1);
                return mapped.deletedAfter ? [] : [mapped.pos];
              });
              return objects.length > 0
                ? { from: tr.mapping.map(value.from, 1), to: tr.mapping.map(value.to, -1), objects }
                : null;
            }
            const from = tr.mapping.map(value.from, 1);
            const to = tr.mapping.map(value.to, -1);
            return from < to ? { from, to } : null;
          },
        },
        props: {
          attributes: { 'data-comments': comments.scope },
          // A moved selection (drag within the text) keeps its anchors: the original goes.
          transformPasted: (slice, view) =>
            view.dragging?.move
              ? slice
              : pastedWithoutLiveAnchors(slice, view.state.doc, commentMarkType(view.state.schema)),
          decorations: (state) => {
            const range = pendingKey.getState(state);
            return range && !range.objects
              ? DecorationSet.create(state.doc, [Decoration.inline(range.from, range.to, { class: 'comment-pending' })])
              : DecorationSet.empty;
          },
        },
        view: () => ({
          update: (view, previous) => {
            if (previous.selection.eq(view.state.selection) && previous.doc === view.state.doc) return;
            // Only a caret moved by the author changes the focus (not a remote change around it).
            if (previous.selection.eq(view.state.selection)) return;
            const threads = threadsAtSelection(view.state);
            // A thread picked in the panel stays focused while its anchor is selected (an object may carry several).
            if (threads.includes(comments.focused.get() ?? '')) return;
            if (threads.length > 0 || view.hasFocus()) comments.focused.set(threads[0] ?? null);
          },
        }),
      }),
      // The markers of commented objects and of those a thread is being written on.
      new Plugin<DecorationSet>({
        key: objectsKey,
        state: {
          init: (_, state) => objectDecorations(state, undefined),
          apply: (tr, value, previous, state) =>
            tr.docChanged || pendingKey.getState(previous) !== pendingKey.getState(state)
              ? objectDecorations(state, pendingKey.getState(state)?.objects)
              : value,
        },
        props: { decorations: (state) => objectsKey.getState(state) },
      }),
    ];
  },
});
