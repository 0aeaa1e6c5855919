import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import type { EditorUiProps } from '../../editor/core/capability';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { SidePanelHeader } from '../../editor/ui/side-panel';
import { useTranslation } from '../../i18n/use-translation';
import { useStore } from '../../lib/store';
import {
  acceptAll,
  acceptInSelection,
  acceptSuggestion,
  rejectAll,
  rejectInSelection,
  rejectSuggestion,
  suggestionAtSelection,
  type SuggestionEntry,
} from './suggestion-actions';
import { commentOnRange, useCanComment } from '../comments';
import { SuggestionCard } from './suggestion-card';
import { suggestionsOf } from './suggestions-extension';
import { suggestionsPanelStrings } from './suggestions.strings';
import { useEditable, useSuggestionList } from './use-suggestions';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { suggestions: suggestionsPanelStrings };

/** Where the panel covers the text (side-panel.css). */
const PHONE = '(max-width: 600px)';

/** The suggestions side panel: non-modal, beside the text (over it on a phone); Esc closes it. */
export function SuggestionsPanel({ editor }: EditorUiProps) {
  const open = useStore(suggestionsOf(editor).panelOpen);
  return open ? <OpenPanel editor={editor} /> : null;
}

/** Selects the suggestion's text and brings it into view (the panel steps aside on a phone). */
function show(editor: Editor, entry: SuggestionEntry): void {
  if (window.matchMedia(PHONE).matches) suggestionsOf(editor).setPanel(false);
  const size = editor.state.doc.content.size;
  editor
    .chain()
    .focus()
    .setTextSelection({ from: Math.min(entry.from, size), to: Math.min(entry.to, size) })
    .scrollIntoView()
    .run();
}

function OpenPanel({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = suggestionsOf(editor);
  const list = useSuggestionList(editor);
  const editable = useEditable(editor);
  const canComment = useCanComment(editor);
  const suggesting = useStore(state.suggesting);
  const ui = useEditorUiState({
    editor,
    selector: ({ editor: e }) => ({
      hasSelection: !e.state.selection.empty,
      current: suggestionAtSelection(e.state)?.id ?? null,
    }),
  });
  const root = useRef<HTMLElement>(null);
  const current = ui.current;

  useEffect(() => {
    root.current?.focus();
  }, []);

  // The suggestion at the caret comes into view in the list.
  useEffect(() => {
    if (current === null) return;
    root.current
      ?.querySelector(`[data-suggestion-card="${CSS.escape(current)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    state.panel.close(editor);
  };

  return (
    <aside
      ref={root}
      className="side-panel suggestions-panel"
      aria-labelledby="suggestions-panel-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <SidePanelHeader
        titleId="suggestions-panel-title"
        title={t('suggestions.label')}
        closeLabel={t('suggestions.close')}
        onClose={() => state.panel.close(editor)}
      />
      <div className="suggestions-panel-body">
        {!editable && <p className="suggestions-note">{t('suggestions.readOnly')}</p>}
        {editable && suggesting && <p className="suggestions-note">{t('suggestions.suggestingNow')}</p>}
        {list.length === 0 ? (
          <p className="suggestions-note">{t('suggestions.empty')}</p>
        ) : (
          <div className="suggestions-all">
            <span className="suggestions-count" role="status">
              {t('suggestions.count', { count: list.length })}
            </span>
            {editable && (
              <>
                <button type="button" data-action="accept-all" onClick={() => acceptAll(editor)}>
                  {t('suggestions.acceptAll')}
                </button>
                <button type="button" data-action="reject-all" onClick={() => rejectAll(editor)}>
                  {t('suggestions.rejectAll')}
                </button>
              </>
            )}
          </div>
        )}
        {editable && ui.hasSelection && list.length > 0 && (
          <div className="suggestions-all">
            <button type="button" data-action="accept-selection" onClick={() => acceptInSelection(editor)}>
              {t('suggestions.acceptSelection')}
            </button>
            <button type="button" data-action="reject-selection" onClick={() => rejectInSelection(editor)}>
              {t('suggestions.rejectSelection')}
            </button>
          </div>
        )}
        {list.length > 0 && (
          <ol className="suggestions-list" aria-label={t('suggestions.list')}>
            {list.map((entry) => (
              <SuggestionCard
                key={entry.id}
                entry={entry}
                current={entry.id === ui.current}
                canDecide={editable}
                canComment={canComment}
                t={t}
                onShow={() => show(editor, entry)}
                onAccept={() => acceptSuggestion(editor, entry.id)}
                onReject={() => rejectSuggestion(editor, entry.id)}
                onComment={() => commentOnRange(editor, entry.from, entry.to)}
              />
            ))}
          </ol>
        )}
      </div>
    </aside>
  );
}

export default SuggestionsPanel;
