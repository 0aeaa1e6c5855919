import { FilePenLine, ListChecks } from 'lucide-react';
import type { EditorUiProps } from '../../editor/core/capability';
import { Lazy, type LazyPart } from '../../editor/core/lazy';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import { useStore } from '../../lib/store';
import { setSuggesting, suggestionsOf } from './suggestions-extension';
import { useEditable } from './use-suggestions';
import '../../editor/ui/status-button.css';

// The panel's code is fetched the first time it opens.
const suggestionsPanel: LazyPart<EditorUiProps> = {
  ui: () => import('./suggestions.panel'),
  preload: { open: ({ editor }) => suggestionsOf(editor).panelOpen },
};

/**
 * The "Suggesting" badge while this author suggests (a click goes back to editing), for commenters and viewers
 * (who have no toolbar) the panel's button, and the panel.
 */
export function SuggestionsStatus(props: EditorUiProps) {
  const { editor } = props;
  const { t } = useTranslation();
  const state = suggestionsOf(editor);
  const suggesting = useStore(state.suggesting);
  const open = useStore(state.panelOpen);
  const editable = useEditable(editor);
  return (
    <>
      {!editable && (
        <button
          type="button"
          className="status-button"
          data-item="suggestions"
          aria-pressed={open}
          onClick={() => (open ? state.panel.close(editor) : state.setPanel(true))}
        >
          <Icon of={ListChecks} />
          {t('suggestions.label')}
        </button>
      )}
      {suggesting && editable && (
        <button
          type="button"
          className="status-button suggesting-badge"
          data-item="suggesting-status"
          aria-pressed
          title={t('suggestions.modeOn')}
          onClick={() => {
            setSuggesting(editor, false);
            editor.commands.focus();
          }}
        >
          <Icon of={FilePenLine} />
          {t('suggestions.mode')}
        </button>
      )}
      <Lazy part={suggestionsPanel} {...props} />
    </>
  );
}

export default SuggestionsStatus;
