import type { Editor } from '@tiptap/core';
import { Check, X } from 'lucide-react';
import type { ContextMenuItem } from '../../editor/core/capability';
import { acceptSuggestion, rejectSuggestion, suggestionAtSelection } from './suggestion-actions';

/** An editor's caret (or selection start) is on a suggestion: the bubble's two actions are offered. */
const onSuggestion = (editor: Editor): boolean => editor.isEditable && suggestionAtSelection(editor.state) !== null;

function decide(editor: Editor, accept: boolean): void {
  const at = suggestionAtSelection(editor.state);
  if (!at) return;
  if (accept) acceptSuggestion(editor, at.id);
  else rejectSuggestion(editor, at.id);
}

/** Accept and Reject the suggestion under the caret, first in the context menu when there is one. */
export const suggestionsContextMenu: ContextMenuItem[] = [
  {
    id: 'acceptSuggestion',
    labelKey: 'suggestions.acceptOne',
    icon: Check,
    group: 'suggestion',
    order: 10,
    isVisible: onSuggestion,
    run: (editor) => decide(editor, true),
  },
  {
    id: 'rejectSuggestion',
    labelKey: 'suggestions.rejectOne',
    icon: X,
    group: 'suggestion',
    order: 20,
    isVisible: onSuggestion,
    run: (editor) => decide(editor, false),
  },
];
