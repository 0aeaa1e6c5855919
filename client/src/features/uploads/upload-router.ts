import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { CapabilityContext } from '../../editor/core/capability';
import { addPasteStep, type PasteInput } from '../../editor/core/paste-pipeline';
import { chunk } from '../../editor/core/lazy';
import { routedKind } from './upload-kinds';
import { preloadUploadCode } from './upload-on-demand';
import { uploadSessionOf } from './upload-registry';

// The routing (pictures in pasted HTML, pasted and dropped files): fetched when the author pauses after the
// editor opens, or by the first paste or drop that needs it, which the paste pipeline holds until then.
const routing = chunk(() => import('./upload-routing'));

/** Fetches the routing now (a test, or code about to paste programmatically with `view.pasteHTML`). */
export const loadUploadRouting = routing.load;

/** Whether a paste or drop needs the routing: pictures in its HTML, or files that can be uploaded here. */
function needsRouting(editor: Editor, input: PasteInput): boolean {
  if (/<img/i.test(input.html)) return true;
  return input.files.some((file) => routedKind(editor.schema, file) !== null);
}

/**
 * The one drop/paste router of every kind: dropped or pasted files become image, video or file uploads
 * at the drop position; pictures inside pasted HTML are uploaded (data) or fetched by the server (remote).
 * What it does is in upload-routing.ts; this first-load part only says which input has to wait for it.
 */
export const UploadRouter = Extension.create<{ context: CapabilityContext | null }>({
  name: 'uploadRouter',

  addOptions() {
    return { context: null };
  },

  onCreate() {
    if (this.options.context) this.editor.on('destroy', routing.preloadWhenIdle());
  },

  onBeforeCreate() {
    const editor = this.editor;
    const context = this.options.context;
    if (!context) return;
    const session = uploadSessionOf(editor);
    // The uploads stage of the paste pipeline: pictures in the HTML are parked before parsing and become
    // placeholders after it; pasted files (no loadable picture in the HTML) become uploads.
    addPasteStep(editor, {
      stage: 'uploads',
      waitFor: (input) => (routing.loaded() || !needsRouting(editor, input) ? null : routing.load()),
      // Without the routing (it could not be fetched) pictures go to the model's parsing as they are.
      transformHtml: (html) => routing.loaded()?.parkPastedImages(html, session.parked) ?? html,
      transformSlice: (slice) => routing.loaded()?.placeholdersForParked(editor, slice) ?? slice,
      handle: (_view, event) => routing.loaded()?.uploadPastedFiles(editor, context, event) ?? false,
    });
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    const context = this.options.context;
    if (!context) return [];
    return [
      new Plugin({
        key: new PluginKey('uploadRouter'),
        props: {
          // Files dragged over the editor: the upload code comes while the author aims.
          handleDOMEvents: {
            dragenter: (_view, event) => {
              if (event.dataTransfer?.types.includes('Files')) {
                void routing.preload();
                void preloadUploadCode();
              }
              return false;
            },
          },
          handleDrop: (view, event, _slice, moved) => {
            const code = routing.loaded();
            if (moved || !code) return false;
            const files = Array.from(event.dataTransfer?.files ?? []);
            if (files.length === 0) return false;
            const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            if (code.uploadFiles(editor, context, files, pos) === 0) return false;
            event.preventDefault();
            return true;
          },
        },
        view: () => ({
          update: (_view, prev) => {
            if (uploadSessionOf(editor).parked.size > 0 && prev.doc !== editor.state.doc)
              routing.loaded()?.startParked(editor, context);
          },
        }),
      }),
    ];
  },
});
