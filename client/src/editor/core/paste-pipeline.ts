import { Extension, type Editor } from '@tiptap/core';
import type { Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * The editor's paste pipeline, in one explicit order (not the order plugins happen to be listed in):
 * detect the source → clean the HTML → parse to the model (ProseMirror, with the model's rules) → insert
 * (a capability may take the parsed content, e.g. a table into selected cells) → upload embedded pictures →
 * link detection. Capabilities add steps to the stage they belong to; steps of one stage run in the order
 * they were added.
 */
export const PASTE_STAGES = ['detect', 'clean', 'parse', 'insert', 'uploads', 'links'] as const;
export type PasteStage = (typeof PASTE_STAGES)[number];

/** What a paste or drop brings, as a step's `waitFor` sees it. */
export interface PasteInput {
  html: string;
  files: readonly File[];
}

export interface PasteStep {
  stage: PasteStage;
  /**
   * Code this step still needs for this paste or drop (a chunk not there yet), else null: the pipeline holds
   * the paste or drop until it has come (or failed), then replays it as it was. Must be cheap.
   */
  waitFor?: (input: PasteInput, view: EditorView) => Promise<unknown> | null;
  /**
   * Sees the browser's paste event before anything is parsed; true = the step took the paste (for example
   * to ask the author how to paste, and paste later with `view.pasteHTML`).
   */
  claim?: (view: EditorView, event: ClipboardEvent) => boolean;
  /** Rewrites the clipboard HTML before it is parsed. */
  transformHtml?: (html: string, view: EditorView) => string;
  /** Rewrites the parsed content. */
  transformSlice?: (slice: Slice, view: EditorView) => Slice;
  /** Inserts the parsed content itself; true = done (the steps after it and the default insert are skipped). */
  handle?: (view: EditorView, event: ClipboardEvent, slice: Slice) => boolean;
}

interface PipelineStorage {
  steps: PasteStep[];
}

const order = (step: PasteStep): number => PASTE_STAGES.indexOf(step.stage);

/** Events the pipeline replays itself: never held a second time. */
const replays = new WeakSet<Event>();

/**
 * Holds a paste or drop until the code it needs has come (or failed), then replays it where it was made,
 * followed through the changes made meanwhile: the author's input is never lost, and lands as if that code
 * had been there. A plain paste (Shift) is replayed plain.
 */
function holdInput(
  editor: Editor,
  view: EditorView,
  event: ClipboardEvent | DragEvent,
  data: DataTransfer,
  waits: Promise<unknown>[],
  plain: boolean,
): void {
  event.preventDefault();
  // The browser empties the event's data once its handlers have run.
  const held = new DataTransfer();
  for (const type of data.types)
    if (type !== 'Files' && !(plain && type === 'text/html')) held.setData(type, data.getData(type));
  for (const file of Array.from(data.files)) held.items.add(file);
  const drop = 'clientX' in event;
  const { selection } = view.state;
  // A caret or drop point stays before what is typed at it meanwhile (the paste came first); a range is a bookmark.
  const caret = selection.empty ? selection.from : undefined;
  let pos = drop ? view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos : caret;
  let range = selection.getBookmark();
  const follow = ({ transaction }: { transaction: Transaction }): void => {
    range = range.map(transaction.mapping);
    if (pos !== undefined) pos = transaction.mapping.map(pos, -1);
  };
  editor.on('transaction', follow);
  void Promise.allSettled(waits).then(() => {
    editor.off('transaction', follow);
    if (editor.isDestroyed) return;
    const replay = new Event(event.type, { bubbles: true, cancelable: true });
    const at = drop && pos !== undefined ? view.coordsAtPos(pos) : null;
    Object.defineProperties(replay, {
      [drop ? 'dataTransfer' : 'clipboardData']: { value: held },
      clientX: { value: at?.left },
      clientY: { value: at ? (at.top + at.bottom) / 2 : undefined },
    });
    replays.add(replay);
    const { doc } = view.state;
    const where = pos === undefined ? range.resolve(doc) : TextSelection.near(doc.resolve(pos));
    if (!drop && !where.eq(view.state.selection)) view.dispatch(view.state.tr.setSelection(where));
    view.dom.dispatchEvent(replay);
  });
}

/**
 * Waits for the code the pipeline's steps need to paste `html` (chunks not there yet): a programmatic paste
 * (`view.pasteHTML`, an import) sends no paste event the pipeline could hold, so it waits here first.
 * Settles when that code has come or failed.
 */
export async function codeForPaste(editor: Editor, html: string): Promise<void> {
  const storage = (editor.storage as unknown as Record<string, PipelineStorage | undefined>).pastePipeline;
  if (!storage) return;
  const input: PasteInput = { html, files: [] };
  const waits = storage.steps.flatMap((step) => step.waitFor?.(input, editor.view) ?? []);
  await Promise.allSettled(waits);
}

/** Adds a step to the editor's paste pipeline (from an extension's `onBeforeCreate`); returns its removal. */
export function addPasteStep(editor: Editor, step: PasteStep): () => void {
  const storage = (editor.storage as unknown as Record<string, PipelineStorage | undefined>).pastePipeline;
  if (!storage) throw new Error('paste pipeline: the editor has no PastePipeline extension');
  storage.steps.push(step);
  // Stable: steps of one stage keep the order they were added in.
  storage.steps.sort((a, b) => order(a) - order(b));
  return () => {
    const i = storage.steps.indexOf(step);
    if (i >= 0) storage.steps.splice(i, 1);
  };
}

export const PastePipeline = Extension.create<Record<string, never>, PipelineStorage>({
  name: 'pastePipeline',
  // Before every other plugin's paste props (the table plugin's among them).
  priority: 10_000,

  addStorage() {
    return { steps: [] };
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    const steps = (): readonly PasteStep[] => this.storage.steps;
    // Whether a paste now is plain (Shift held, as ProseMirror decides it), so a held one is replayed plain.
    let shift = false;
    const hold = (view: EditorView, event: ClipboardEvent | DragEvent, data: DataTransfer | null): boolean => {
      if (!data || replays.has(event)) return false;
      const input: PasteInput = { html: data.getData('text/html'), files: Array.from(data.files) };
      const waits = steps().flatMap((step) => step.waitFor?.(input, view) ?? []);
      if (waits.length === 0) return false;
      holdInput(editor, view, event, data, waits, event.type === 'paste' && shift);
      return true;
    };
    return [
      new Plugin({
        key: new PluginKey('pastePipeline'),
        props: {
          handleDOMEvents: {
            keydown: (_view, event) => {
              shift = event.shiftKey && event.key !== 'Insert';
              return false;
            },
            keyup: (_view, event) => {
              if (event.key === 'Shift') shift = false;
              return false;
            },
            paste: (view, event) =>
              hold(view, event, event.clipboardData) || steps().some((step) => step.claim?.(view, event) ?? false),
            // A drag inside the editor (ProseMirror moves its content) is never held: it needs nothing new.
            drop: (view, event) => !view.dragging && hold(view, event, event.dataTransfer),
          },
          transformPastedHTML: (html, view) =>
            steps().reduce((out, step) => (step.transformHtml ? step.transformHtml(out, view) : out), html),
          transformPasted: (slice, view) =>
            steps().reduce((out, step) => (step.transformSlice ? step.transformSlice(out, view) : out), slice),
          handlePaste: (view, event, slice) => steps().some((step) => step.handle?.(view, event, slice) ?? false),
        },
      }),
    ];
  },
});
