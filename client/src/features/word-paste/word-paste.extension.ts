import { Extension, type Editor } from '@tiptap/core';
import type { EditorOptions } from '@shared/editor-options';
import { defaultEditorOptions } from '@shared/editor-option-defaults';
import { addPasteStep } from '../../editor/core/paste-pipeline';
import { chunk } from '../../editor/core/lazy';
import type { CleanMode } from './clean-office-html';
import { detectPasteSource } from './detect-source';
import { emitter } from '../../lib/store';

// The cleanup rules are a chunk of their own: fetched when the author pauses after the editor opens,
// or by the first office paste, which then waits for them (see `claim` below).
const cleaner = chunk(() => import('./clean-office-html'));

/** Pastes `html` again once the cleanup rules are there (pasted as it is if they cannot be fetched). */
function pasteWhenCleanerReady(editor: Editor, html: string, state: WordPasteState, mode: CleanMode | null): void {
  const paste = (): void => {
    if (editor.isDestroyed) return;
    editor.view.focus();
    state.answer = mode;
    try {
      editor.view.pasteHTML(html);
    } finally {
      state.answer = null;
    }
  };
  if (cleaner.loaded()) paste();
  else
    cleaner.load().then(paste, (error: unknown) => {
      console.error('[tandem] the paste cleanup could not be loaded; pasting as it is', error);
      paste();
    });
}

/** What the Word paste of one editor is doing: the paste waiting for Clean or Keep, and the last notice. */
export class WordPasteState {
  /** Clipboard HTML waiting for the author's answer. */
  pending: string | null = null;
  /** Local pictures the last cleaned paste could not keep. */
  droppedLocalImages = 0;
  /** The answer being applied (the paste is replayed with it). */
  answer: CleanMode | null = null;
  private readonly changed = emitter();

  subscribe = this.changed.on;

  emit(): void {
    this.changed.emit();
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

  onCreate() {
    // With the other prefetches, once the author pauses: not in the first idle moment of the page's build.
    this.editor.on('destroy', cleaner.preloadWhenIdle());
  },

  onBeforeCreate() {
    const state = this.storage.state;
    const configured = this.options.editorOptions.wordPasteMode;
    const editor = this.editor;
    addPasteStep(this.editor, {
      stage: 'detect',
      claim: (_view, event) => {
        if (state.answer !== null) return false;
        const html = event.clipboardData?.getData('text/html') ?? '';
        const source = detectPasteSource(html);
        if (source === 'other') return false;
        if (configured === 'ask' && source === 'word') {
          event.preventDefault();
          void cleaner.preload();
          state.pending = html;
          state.emit();
          return true;
        }
        if (cleaner.loaded()) return false;
        // An office paste in the first moments after opening: it goes in once the cleanup rules are here.
        event.preventDefault();
        pasteWhenCleanerReady(editor, html, state, configured === 'keep' ? 'keep' : 'clean');
        return true;
      },
    });
    addPasteStep(this.editor, {
      stage: 'clean',
      transformHtml: (html) => {
        const source = detectPasteSource(html);
        if (source === 'other') return html;
        const rules = cleaner.loaded();
        // Only when the rules could not be fetched (pasteWhenCleanerReady): the model's own parsing still applies.
        if (!rules) return html;
        const mode: CleanMode = state.answer ?? (configured === 'keep' ? 'keep' : 'clean');
        const cleaned = rules.cleanPastedHtml(html, source, mode);
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
  pasteWhenCleanerReady(editor, html, state, mode);
}
