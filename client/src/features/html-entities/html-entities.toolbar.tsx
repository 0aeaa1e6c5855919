import { useTranslation } from 'react-i18next';
import { exportFileName, htmlDocument } from '@shared/document/html-export';
import type { ToolbarControlProps } from '../../editor/capability';
import { documentTitle, exportHtml } from './html-entities.export';

/** "Download HTML": saves the document as `<title>.html`, entities encoded as configured. */
export function DownloadHtmlControl({ editor, context, trigger }: ToolbarControlProps) {
  const { t, i18n } = useTranslation();
  const download = (): void => {
    const title = documentTitle(editor);
    const html = htmlDocument(
      title || t('editor.titlePlaceholder'),
      exportHtml(editor, context),
      context.options.entities,
      i18n.language,
    );
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(title, t('editor.titlePlaceholder'), 'html');
    link.click();
    // Revoke later: some browsers read the blob after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <button {...trigger} type="button" onMouseDown={(e) => e.preventDefault()} onClick={download}>
      <span aria-hidden="true">⤓</span>
    </button>
  );
}
