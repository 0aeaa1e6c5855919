import { History } from 'lucide-react';
import type { EditorUiProps } from '../../editor/core/capability';
import { Lazy, type LazyPart } from '../../editor/core/lazy';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import { panelOf, panelOpenState, useEditable } from './panel-state';
import '../../editor/ui/status-button.css';
import { useStore } from '../../lib/store';

// The panel's code is fetched the first time it opens.
const versionPanel: LazyPart<EditorUiProps> = {
  ui: () => import('./version-history.panel'),
  preload: { open: ({ editor }) => panelOpenState(editor) },
};

/** The panel itself (for everyone) and, for viewers, its button in the status bar. */
export function VersionHistoryStatus(props: EditorUiProps) {
  const { editor } = props;
  const { t } = useTranslation();
  const panel = panelOf(editor);
  const open = useStore(panelOpenState(editor));
  const editable = useEditable(editor);
  return (
    <>
      {!editable && (
        <button
          type="button"
          className="status-button version-history-status-button"
          data-item="versionHistory"
          aria-pressed={open}
          onClick={() => (open ? panel.close(editor) : panel.set(true))}
        >
          <Icon of={History} />
          {t('versionHistory.label')}
        </button>
      )}
      <Lazy part={versionPanel} {...props} />
    </>
  );
}

export default VersionHistoryStatus;
