import { Extension, type Editor } from '@tiptap/core';
import type { EditorOptions } from '@shared/editor-options';
import { defaultEditorOptions } from '@shared/editor-option-defaults';
import { addPasteStep } from '../../editor/paste-pipeline';
import { cleanPastedHtml, type CleanMode } from './clean-office-html';
import { detectPasteSource } from './detect-source';

/** What the Word paste of one editor is doing: the paste waiting for Clean or Keep, and the last notice. */
export class WordPasteState {
  /** Clipboard HTML waiting for the author's answer. */
  pending: string | null = null;
  /** Local pictures the last cleaned paste could not keep. */
  droppedLocalImages = 0;
  /** The answer being applied (the paste is replayed with it). */
  answer: CleanMode | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  emit(): void {
    this.listeners.forEach((l) => l());
  }

  /** The author dismissed the notice of local pictures. */
  dismissNotice(): void {
    this.droppedLocalImages = 0;
    this.emit();
  }
}

interface WordPasteOptions {
  editorOptions: EditorOptions;
}

interface WordPasteStorage {
  state: WordPasteState;
}

export function wordPasteState(editor: Editor): WordPasteState | null {
  const storage = (editor.storage as unknown as Record<string, WordPasteStorage | undefined>).wordPaste;
  return storage?.state ?? null;
}

/**
 * Pastes from Word, Google Docs and LibreOffice through the pipeline's detect and clean stages: Word asks
 * Clean or Keep (unless the deployment preselected one), the others are cleaned without asking.
 */
export const WordPaste = Extension.create<WordPasteOptions, WordPasteStorage>({
  name: 'wordPaste',

  addOptions() {
    return { editorOptions: defaultEditorOptions };
  },

  addStorage() {
    return { state: new WordPasteState() };
  },

  onBeforeCreate() {
    const state = this.storage.state;
    const configured = this.options.editorOptions.wordPasteMode;
    addPasteStep(this.editor, {
      stage: 'detect',
      claim: (_view, event) => {
        if (configured !== 'ask' || state.answer !== null) return false;
        const html = event.clipboardData?.getData('text/html') ?? '';
        if (detectPasteSource(html) !== 'word') return false;
        event.preventDefault();
        state.pending = html;
        state.emit();
        return true;
      },
    });
    addPasteStep(this.editor, {
      stage: 'clean',
      transformHtml: (html) => {
        const source = detectPasteSource(html);
        if (source === 'other') return html;
        const mode: CleanMode = state.answer ?? (configured === 'keep' ? 'keep' : 'clean');
        const cleaned = cleanPastedHtml(html, source, mode);
        if (cleaned.droppedLocalImages > 0) {
          state.droppedLocalImages = cleaned.droppedLocalImages;
          state.emit();
        }
        return cleaned.html;
      },
    });
  },
});

/** Answers the waiting Word paste: pastes it cleaned or kept, at the selection it was made at. */
export function answerWordPaste(editor: Editor, mode: CleanMode | null): void {
  const state = wordPasteState(editor);
  if (!state) return;
  const html = state.pending;
  state.pending = null;
  state.emit();
  if (html === null || mode === null || editor.isDestroyed) return;
  editor.view.focus();
  state.answer = mode;
  try {
    editor.view.pasteHTML(html);
  } finally {
    state.answer = null;
  }
}
