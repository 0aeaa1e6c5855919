import { Extension, type Editor } from '@tiptap/core';
import type { Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
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

export interface PasteStep {
  stage: PasteStage;
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
    const steps = (): readonly PasteStep[] => this.storage.steps;
    return [
      new Plugin({
        key: new PluginKey('pastePipeline'),
        props: {
          handleDOMEvents: {
            paste: (view, event) => steps().some((step) => step.claim?.(view, event) ?? false),
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
