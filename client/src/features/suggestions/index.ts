import { FilePenLine, ListChecks } from 'lucide-react';
import type { Capability, EditorUiProps } from '../../editor/core/capability';
import { ObjectSuggestionModel } from '@shared/document/model/suggestion-model';
import { useStore } from '../../lib/store';
import {
  DeletionMark,
  InsertionMark,
  ModificationMark,
  SuggestionsExtension,
  suggestionsOf,
} from './suggestions-extension';
import { suggestionsStrings } from './suggestions.i18n';
import { suggestionsContextMenu } from './suggestions.context-menu';
import { SuggestingModeControl, SuggestionsPanelButton } from './suggestions.toolbar';
import { suggestionAtSelection } from './suggestion-actions';
import { useEditable } from './use-suggestions';
import './suggestions.css';

/** The status part has something to show: the panel is open, this author suggests (the badge), or a reader's button. */
function useStatusWanted({ editor }: EditorUiProps): boolean {
  const state = suggestionsOf(editor);
  const open = useStore(state.panelOpen);
  const suggesting = useStore(state.suggesting);
  const editable = useEditable(editor);
  return open || suggesting || !editable;
}

/**
 * Suggestion mode (issue 28): a toggle per author ("Suggesting", Ctrl/⌘+Shift+E) turns their edits into
 * insertion and deletion marks of the shared document, drawn in the author's colour with the name on hover;
 * editors accept or reject them from the text (a bubble at the caret), from the panel (one by one, all, or
 * those in the selection). Accepting and rejecting are ordinary changes: Yjs's undo restores the suggestion.
 */
export const suggestions: Capability = {
  name: 'suggestions',
  extensions: (context) => [
    InsertionMark,
    DeletionMark,
    ModificationMark,
    ObjectSuggestionModel,
    SuggestionsExtension.configure({ session: context.session }),
  ],
  i18n: suggestionsStrings,
  contextMenu: suggestionsContextMenu,
  toolbar: [
    {
      kind: 'control',
      id: 'suggesting',
      labelKey: 'suggestions.toggle',
      icon: FilePenLine,
      group: 'misc',
      shortcut: 'Mod-Shift-E',
      priority: 30,
      Component: SuggestingModeControl,
    },
    {
      kind: 'control',
      id: 'suggestions',
      labelKey: 'suggestions.label',
      icon: ListChecks,
      group: 'misc',
      priority: 20,
      Component: SuggestionsPanelButton,
    },
  ],
  // The badge while suggesting, and the panel: fetched when idle, or at once when needed.
  StatusBar: { ui: () => import('./suggestions.status'), preload: { need: useStatusWanted } },
  // The bubble at a suggestion under the caret: fetched when idle, or at once when the caret enters one.
  Overlay: {
    ui: () => import('./suggestions.overlay'),
    preload: { when: (editor) => editor.isEditable && suggestionAtSelection(editor.state) !== null },
  },
};
