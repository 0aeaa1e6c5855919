import { useEffect, useMemo, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { EditorUiProps } from '../../editor/core/capability';
import { Popover } from '../../editor/core/lazy';
import { onContextToolbarFocusRequest } from '../../editor/core/toolbar/context-toolbar-focus';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import '../../editor/ui/toolbar-ui.css';
import { acceptSuggestion, rejectSuggestion, suggestionAtSelection } from './suggestion-actions';
import { authorLabel, colorStyle } from './suggestion-card';
import { suggestionsOf } from './suggestions-extension';
import { suggestionsPanelStrings } from './suggestions.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { suggestions: suggestionsPanelStrings };

/** The suggestion element at the caret, or the caret itself, as the bubble's anchor. */
function anchorRect(editor: Editor): DOMRect {
  const { view, state } = editor;
  try {
    const { node } = view.domAtPos(state.selection.from);
    const element = node instanceof Element ? node : node.parentElement;
    const mark = element?.closest('ins.suggestion, del.suggestion');
    if (mark && view.dom.contains(mark)) return mark.getBoundingClientRect();
    const caret = view.coordsAtPos(state.selection.from);
    return new DOMRect(caret.left, caret.top, 0, caret.bottom - caret.top);
  } catch {
    // The view may be mid-update (remote change); an empty rect keeps the bubble where it was.
    return new DOMRect();
  }
}

/**
 * The bubble of the suggestion at the caret (editors only): who suggested it, Accept and Reject. It shows while
 * the text has the focus (or the bubble has) and the author is not typing (it comes when the caret moves by a
 * click or a key that does not edit), and Escape dismisses it until the caret moves.
 */
export function SuggestionsOverlay({ editor }: EditorUiProps) {
  const { t } = useTranslation();
  const at = useEditorUiState({
    editor,
    selector: ({ editor: e }) => {
      if (!e.isEditable || suggestionsOf(e).typing) return null;
      const found = suggestionAtSelection(e.state);
      return found ? { ...found, pos: e.state.selection.from, focused: e.isFocused } : null;
    },
  });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const key = at ? `${at.id}:${at.pos}` : null;
  const anchor = useMemo(
    () => ({ current: { getBoundingClientRect: () => anchorRect(editor) } }),
    // A new anchor object per caret position makes the bubble re-measure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, key],
  );
  const open = at !== null && (at.focused || focusInside) && dismissed !== key;
  const content = useRef<HTMLDivElement>(null);
  // Alt+F10 reaches the bubble from the text, as it reaches the other popups (its buttons are not in the Tab order).
  useEffect(() => {
    if (!open) return undefined;
    return onContextToolbarFocusRequest(editor, () => {
      const first = content.current?.querySelector('button');
      if (!first) return false;
      first.focus();
      return true;
    });
  }, [editor, open]);
  const name = at ? authorLabel(at.author, t) : '';
  const decide = (accept: boolean): void => {
    if (!at) return;
    if (accept) acceptSuggestion(editor, at.id);
    else rejectSuggestion(editor, at.id);
    setFocusInside(false);
    editor.commands.focus();
  };

  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && setDismissed(key)} modal={false}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup suggestion-popup"
          side="bottom"
          align="start"
          sideOffset={6}
          aria-label={t('suggestions.bubble', { name })}
          ref={content}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={() => {
            // Escape in the bubble gives the text back its focus (and dismisses the bubble until the caret moves).
            if (focusInside) editor.commands.focus();
          }}
          onInteractOutside={(e) => {
            // Clicks in the text move the caret; the caret decides whether the bubble stays.
            if (e.target instanceof Node && editor.view.dom.contains(e.target)) e.preventDefault();
          }}
          onFocus={() => setFocusInside(true)}
          onBlur={(e) => {
            if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocusInside(false);
          }}
        >
          <div className="suggestion-bubble" style={colorStyle(at?.author ?? null)}>
            <span className="suggestion-bubble-dot" aria-hidden="true" />
            <span className="suggestion-bubble-who">{t('suggestions.bubble', { name })}</span>
            <button
              type="button"
              className="ui-button"
              data-action="accept"
              aria-label={t('suggestions.acceptLabel', { name })}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => decide(true)}
            >
              {t('suggestions.accept')}
            </button>
            <button
              type="button"
              className="ui-button"
              data-action="reject"
              aria-label={t('suggestions.rejectLabel', { name })}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => decide(false)}
            >
              {t('suggestions.reject')}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export default SuggestionsOverlay;
