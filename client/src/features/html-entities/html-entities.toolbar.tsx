import { FileDown } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from 'react-i18next';
import type { ToolbarControlProps } from '../../editor/capability';
import { downloadDocumentHtml } from './html-entities.download';

/** "Download HTML": saves the document as `<title>.html`, entities encoded as configured. */
export function DownloadHtmlControl({ editor, context, trigger }: ToolbarControlProps) {
  const { t, i18n } = useTranslation();
  return (
    <button
      {...trigger}
      type="button"
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => downloadDocumentHtml(editor, context, t('editor.titlePlaceholder'), i18n.language)}
    >
      <Icon of={FileDown} />
    </button>
  );
}
