import { FileDown } from 'lucide-react';
import '../../editor/ui/status-button.css';
import './export-viewer.css';
import type { EditorUiProps, ToolbarTriggerProps } from '../../editor/core/capability';
import { Lazy } from '../../editor/core/lazy';
import { Icon } from '../../editor/ui/icon';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { useTranslation } from '../../i18n/use-translation';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { exportOverlay } from './export-overlay-part';
import { useExportEntries } from './export.toolbar';

const noop = (): void => undefined;

/**
 * Viewers have no toolbar: their way to download and print what they may read, in the status bar,
 * with the download's progress (the editors' overlays are not shown to viewers).
 */
export default function ViewerExport({ editor, context }: EditorUiProps) {
  const { t } = useTranslation();
  const entries = useExportEntries(editor, context);
  const editable = useEditorUiState({ editor, selector: ({ editor: e }) => e.isEditable });
  const label = t('export.menu');
  const trigger: ToolbarTriggerProps = {
    ref: noop,
    tabIndex: 0,
    onFocus: noop,
    onKeyDown: noop,
    'data-item': 'export',
    'aria-label': label,
    title: label,
    className: 'status-button export-viewer-button',
    disabled: false,
  };
  if (editable) return null;
  return (
    <span className="export-viewer">
      <ToolbarMenu
        trigger={trigger}
        display={
          <span className="export-viewer-face">
            <Icon of={FileDown} />
            {label}
          </span>
        }
        kind="action"
        entries={entries}
        heading={t('export.downloadAs')}
      />
      <Lazy part={exportOverlay} editor={editor} context={context} />
    </span>
  );
}
