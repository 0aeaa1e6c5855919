import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { NodeView } from '@tiptap/pm/view';
import { UploadPlaceholderModel } from '@shared/document/model/upload-placeholder-model';
import { chunk, whenIdle } from '../../editor/core/lazy';
import { UploadSession, type UploadPlaceholderStorage } from './upload-registry';
import './uploads.css';

// The placeholder's view and the orphan sweep: fetched when the author pauses after the editor opens, or at
// once by the first placeholder shown (an upload, or a collaborator's upload running when the page opens).
const viewCode = chunk(() => import('./upload-placeholder-view'));
type ViewCode = typeof import('./upload-placeholder-view');
type PlaceholderView = InstanceType<ViewCode['PlaceholderView']>;

/** Starts the orphan sweep of an editor once the view code is there (at most one sweep per editor). */
const sweeps = new WeakMap<Editor, (code: ViewCode) => void>();

/** The placeholder's box at once; its content (name, progress, Cancel) as soon as the view code is there. */
class PlaceholderStandIn implements NodeView {
  readonly dom = document.createElement('span');
  private view: PlaceholderView | null = null;
  private gone = false;

  constructor(
    private node: PmNode,
    private readonly editor: Editor,
  ) {
    this.dom.className = 'upload-placeholder';
    this.dom.contentEditable = 'false';
    const code = viewCode.loaded();
    if (code) this.fill(code);
    else
      viewCode.load().then(
        (loaded) => this.fill(loaded),
        () => undefined,
      );
  }

  private fill(code: ViewCode): void {
    if (this.gone) return;
    this.view = new code.PlaceholderView(this.dom, this.node, this.editor);
    sweeps.get(this.editor)?.(code);
  }

  update(node: PmNode): boolean {
    if (this.view) return this.view.update(node);
    if (node.type !== this.node.type || node.attrs.key !== this.node.attrs.key) return false;
    this.node = node;
    return true;
  }

  stopEvent(event: Event): boolean {
    return this.view?.stopEvent(event) ?? false;
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    this.gone = true;
    this.view?.destroy();
  }
}

/**
 * The model's `uploadPlaceholder` with the view every collaborator sees (progress, Cancel for the uploader),
 * Escape cancelling the newest upload, the sweep that removes placeholders whose uploader left, and this
 * editor's upload session (made with the editor, destroyed with it).
 */
export const UploadPlaceholder = UploadPlaceholderModel.extend<Record<string, never>, UploadPlaceholderStorage>({
  addStorage() {
    return { session: new UploadSession() };
  },

  addNodeView() {
    return ({ node, editor }) => new PlaceholderStandIn(node, editor);
  },

  onCreate() {
    const editor = this.editor;
    const fetched = (code: ViewCode): void => sweeps.get(editor)?.(code);
    editor.on(
      'destroy',
      whenIdle(() => void viewCode.load().then(fetched, () => undefined)),
    );
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('uploadPlaceholder'),
        props: {
          handleKeyDown: (_view, event) => {
            if (event.key !== 'Escape' || event.defaultPrevented) return false;
            if (!this.storage.session.queue?.cancelNewest()) return false;
            event.preventDefault();
            return true;
          },
        },
        view: () => {
          // Nothing to sweep before the view code is there: no placeholder has been shown yet.
          let stop: (() => void) | null = null;
          const start = (code: ViewCode): void => {
            stop ??= code.orphanSweep(editor);
          };
          sweeps.set(editor, start);
          const code = viewCode.loaded();
          if (code) start(code);
          return {
            destroy: () => {
              if (sweeps.get(editor) === start) sweeps.delete(editor);
              stop?.();
            },
          };
        },
      }),
    ];
  },

  // With the editor, not with the plugin view: ProseMirror also destroys plugin views when a part
  // registers plugins late (table editing on an imported table), which used to abort running uploads.
  onDestroy() {
    this.storage.session.queue?.cancelAll();
  },
});
