import { FileDown, FileUp, Printer } from 'lucide-react';
import { useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { ExportSuggestions } from '@shared/api/export';
import { defaultExportSuggestions } from '@shared/api/export-values';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { ToolbarMenu, type MenuEntry } from '../../editor/ui/toolbar-menu';
import { downloadDocumentHtml } from '../html-export';
import { downloadChoices, exportActions, printDocument } from './export-choices';
import { setExportStatus } from './export-status';
import { importAccept, pickFile } from './pick-file';
import './export.css';

/**
 * "Download and print" (FROALA-REFERENCE §11 download, §29 print, §30 PDF): one menu button with the
 * download formats, Print, and, for authors who may edit, Import… at the caret.
 */
/** The actions' chunk could not be fetched (offline, or a new deployment). */
function loadFailed(editor: Editor, error: unknown): void {
  console.error('[tandem] the download and import code could not be loaded', error);
  setExportStatus(editor, { kind: 'error', message: { key: 'app.loadFailed' } });
}

/** The menu's entries: the download formats and Print, and Import… for authors who may edit. */
export function useExportEntries(editor: Editor, context: ToolbarControlProps['context']): MenuEntry[] {
  const { t, i18n } = useTranslation();
  const untitled = t('editor.titlePlaceholder');
  const canImport = editor.isEditable && context.session !== null;
  // Suggestions accepted (the default) or as marked, for every download until changed (issue 28).
  const [suggestions, setSuggestions] = useState<ExportSuggestions>(defaultExportSuggestions);
  const entries: MenuEntry[] = downloadChoices.map((choice) => ({
    id: choice.id,
    label: t(choice.labelKey),
    onSelect: () => {
      if (!choice.server)
        void downloadDocumentHtml(editor, context, untitled, i18n.language, suggestions).catch((e: unknown) =>
          loadFailed(editor, e),
        );
      else
        void exportActions().then(
          (a) => a.runServerDownload(editor, context, choice, untitled, suggestions),
          (e: unknown) => loadFailed(editor, e),
        );
    },
  }));
  entries.push({
    id: 'suggestions',
    label: t('export.suggestions', {
      mode: t(suggestions === 'marked' ? 'export.suggestionsMarked' : 'export.suggestionsAccepted'),
    }),
    hint: t(suggestions === 'marked' ? 'export.suggestionsToAccepted' : 'export.suggestionsToMarked'),
    separatorBefore: true,
    onSelect: () => setSuggestions((now) => (now === 'marked' ? 'accepted' : 'marked')),
  });
  entries.push({
    id: 'print',
    label: t('export.print'),
    icon: <Icon of={Printer} />,
    separatorBefore: true,
    onSelect: printDocument,
  });
  if (canImport) {
    entries.push({
      id: 'import',
      label: t('export.import'),
      icon: <Icon of={FileUp} />,
      hint: t('export.importHint'),
      // The file dialog opens at once (it needs the click); the readers load meanwhile.
      onSelect: () =>
        void pickFile(importAccept).then((file) =>
          exportActions().then(
            (a) => a.importAtCaret(editor, context, file),
            (e: unknown) => loadFailed(editor, e),
          ),
        ),
    });
  }
  return entries;
}

export function ExportMenu({ editor, context, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const entries = useExportEntries(editor, context);
  return (
    <ToolbarMenu
      trigger={trigger}
      display={<Icon of={FileDown} />}
      kind="action"
      entries={entries}
      heading={t('export.downloadAs')}
      align="end"
    />
  );
}
