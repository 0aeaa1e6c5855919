import { FilePenLine } from 'lucide-react';
import type { EditorUiProps } from '../../editor/core/capability';
import { Lazy, type LazyPart } from '../../editor/core/lazy';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import { useStore } from '../../lib/store';
import { setSuggesting, suggestionsOf } from './suggestions-extension';
import '../../editor/ui/status-button.css';
import './suggestions.css';

// The panel's code is fetched the first time it opens.
const suggestionsPanel: LazyPart<EditorUiProps> = {
  ui: () => import('./suggestions.panel'),
  preload: { open: ({ editor }) => suggestionsOf(editor).panelOpen },
};

/** The "Suggesting" badge while this author suggests (a click goes back to editing), and the panel. */
export function SuggestionsStatus(props: EditorUiProps) {
  const { editor } = props;
  const { t } = useTranslation();
  const suggesting = useStore(suggestionsOf(editor).suggesting);
  return (
    <>
      {suggesting && editor.isEditable && (
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
