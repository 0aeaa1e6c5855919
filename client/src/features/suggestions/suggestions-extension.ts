import { isChangeOrigin } from '@tiptap/extension-collaboration';
import { Extension, type Editor } from '@tiptap/core';
import type { Mark } from '@tiptap/pm/model';
import { Plugin } from '@tiptap/pm/state';
import {
  isSuggestChangesEnabled,
  suggestChanges,
  suggestChangesKey,
} from '@handlewithcare/prosemirror-suggest-changes';
import i18next from 'i18next';
import { readAttrs } from '@shared/document/model/attribute-model';
import {
  DeletionModel,
  InsertionModel,
  ModificationModel,
  isSuggestionAuthor,
  isSuggestionId,
} from '@shared/document/model/suggestion-model';
import type { CapabilitySession } from '../../editor/core/capability';
import { SidePanelState } from '../../editor/ui/side-panel-state';
import { displayName } from '../../lib/display-name';
import { store } from '../../lib/store';
import { authorColor } from './suggestion-colors';
import { suggestionObjectSync } from './suggestion-object-sync';
import { isTrackable, newSuggestionId, trackTransaction } from './suggestion-track';

const STORAGE_PREFIX = 'tandem.suggesting.';

/** One editor's suggestion mode: whether this author suggests, and the side panel (STYLE §7.11). */
export class SuggestionsState {
  /** This author suggests (mirrors the library plugin's state, which the dispatch hook reads). */
  readonly suggesting = store(false);
  readonly panel = new SidePanelState();
  readonly panelOpen = this.panel.open;
  /**
   * This author's last own step changed the text (typing), and the caret has not moved on its own since: the
   * bubble at the caret stays away meanwhile, as it would cover what comes next and follow every keystroke.
   */
  typing = false;
  setPanel = (open: boolean): void => this.panel.set(open);
}

export interface SuggestionsOptions {
  session: CapabilitySession | null;
  /** Makes suggestion ids (tests pass a predictable one). */
  generateId: () => string;
}

export interface SuggestionsStorage {
  state: SuggestionsState;
}

declare module '@tiptap/core' {
  interface Storage {
    suggestions: SuggestionsStorage;
  }
}

export const suggestionsOf = (editor: Editor): SuggestionsState => editor.storage.suggestions.state;

/** The name written on this author's suggestions: the one presence shows ("Guest 231" for a default name). */
function authorName(session: CapabilitySession | null): string | null {
  const name = session?.author().name ?? null;
  return name !== null && isSuggestionAuthor(name) ? name : null;
}

const storageKey = (session: CapabilitySession | null): string | null =>
  session ? `${STORAGE_PREFIX}${session.docId}` : null;

function remembered(key: string | null): boolean {
  if (key === null) return false;
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** A link may open the document in suggestion mode (`?mode=suggesting`), as a reviewer's link would. */
function linkAsksSuggesting(): boolean {
  return typeof location !== 'undefined' && new URLSearchParams(location.search).get('mode') === 'suggesting';
}

function remember(key: string | null, on: boolean): void {
  if (key === null) return;
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // Private mode: the mode lasts the page.
  }
}

/** Whether this editor suggests now: only an editor (commenters and viewers never do). */
export const isSuggesting = (editor: Editor): boolean => editor.isEditable && isSuggestChangesEnabled(editor.state);

/** Turns suggestion mode on or off for this author in this editor (remembered for the document). */
export function setSuggesting(editor: Editor, on: boolean): boolean {
  if (!editor.isEditable && on) return false;
  const storage = editor.storage.suggestions;
  const options = editor.extensionManager.extensions.find((e) => e.name === 'suggestions')?.options as
    SuggestionsOptions | undefined;
  if (isSuggestChangesEnabled(editor.state) !== on) {
    editor.view.dispatch(editor.state.tr.setMeta(suggestChangesKey, { skip: true, enabled: on }));
  }
  storage.state.suggesting.set(on);
  remember(storageKey(options?.session ?? null), on);
  return true;
}

export const toggleSuggesting = (editor: Editor): boolean => setSuggesting(editor, !isSuggesting(editor));

/**
 * The library's plugin for its state (on/off) and its arrow keys that step over U+200B anchors; without its
 * decorations, which walk the whole document on every update (STYLE §7.11): the marks draw themselves.
 */
function suggestChangesPlugin(): Plugin {
  const library = suggestChanges();
  const keyDown = library.spec.props?.handleKeyDown;
  return new Plugin({ key: library.spec.key, state: library.spec.state, props: { handleKeyDown: keyDown } });
}

/**
 * Suggestion mode (issue 28): while this author suggests, their own edits become suggestions instead of changes
 * (the library's tracked transaction, with this author's name and fresh ids); every other transaction (remote,
 * undo, accept and reject, repairs) passes unchanged. Ctrl/⌘+Shift+E toggles it.
 */
export const SuggestionsExtension = Extension.create<SuggestionsOptions, SuggestionsStorage>({
  name: 'suggestions',

  addOptions() {
    return { session: null, generateId: newSuggestionId };
  },

  addStorage() {
    return { state: new SuggestionsState() };
  },

  onCreate() {
    this.storage.state.panel.join(this.editor);
    if (!this.editor.isEditable) return;
    if (remembered(storageKey(this.options.session)) || linkAsksSuggesting()) setSuggesting(this.editor, true);
  },

  addKeyboardShortcuts() {
    return { 'Mod-Shift-e': () => toggleSuggesting(this.editor) };
  },

  addProseMirrorPlugins() {
    return [suggestChangesPlugin(), suggestionObjectSync()];
  },

  dispatchTransaction({ transaction, next }) {
    const { editor } = this;
    if (!isChangeOrigin(transaction)) {
      if (transaction.docChanged) editor.storage.suggestions.state.typing = true;
      else if (transaction.selectionSet) editor.storage.suggestions.state.typing = false;
    }
    // The cheap question first: most transactions of most authors are not suggestions.
    if (!isSuggesting(editor) || !isTrackable(transaction)) {
      next(transaction);
      return;
    }
    next(trackTransaction(transaction, editor.state, authorName(this.options.session), this.options.generateId));
  },
});

/** The title shown on hover: who suggested it (default names in this UI's language). */
function titleOf(kind: 'insertion' | 'deletion', author: string | null): string {
  const name = author === null ? i18next.t('suggestions.someone') : displayName(author, i18next.t);
  return i18next.t(kind === 'insertion' ? 'suggestions.insertedBy' : 'suggestions.deletedBy', { name });
}

/**
 * The element of a suggestion in the text, drawn from the attributes read through the model's validators:
 * underlined or struck through in the author's colour, with the author on hover.
 */
function suggestionView(kind: 'insertion' | 'deletion', tag: 'ins' | 'del') {
  return ({ mark }: { mark: Mark }) => {
    const attrs = readAttrs(mark);
    const dom = document.createElement(tag);
    dom.className = `suggestion suggestion-${kind}`;
    const id = attrs.id;
    if (isSuggestionId(id)) dom.setAttribute('data-suggestion', id as string);
    const author = isSuggestionAuthor(attrs.author) ? (attrs.author as string) : null;
    if (author !== null) {
      dom.setAttribute('data-author', author);
      dom.style.setProperty('--suggestion-color', authorColor(author));
    }
    dom.title = titleOf(kind, author);
    return { dom };
  };
}

/** The model's insertion mark, drawn with its author's colour and name. */
export const InsertionMark = InsertionModel.extend({
  addMarkView() {
    return suggestionView('insertion', 'ins');
  },
});

/** The model's deletion mark, drawn with its author's colour and name. */
export const DeletionMark = DeletionModel.extend({
  addMarkView() {
    return suggestionView('deletion', 'del');
  },
});

/** The library's modification mark, in the schema so that it finds it; Tandem never writes one. */
export const ModificationMark = ModificationModel;
