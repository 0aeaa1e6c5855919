import type { CSSProperties } from 'react';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { shortcutLabel } from '../../editor/core/toolbar/shortcut-label';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { currentFormat, formats, type ParagraphFormat } from './paragraph-format.extension';
import './paragraph-format.css';

/** Each entry looks like the block it makes. */
const preview: Record<ParagraphFormat, CSSProperties> = {
  paragraph: {},
  h1: { fontSize: '1.6em', fontWeight: 700 },
  h2: { fontSize: '1.35em', fontWeight: 700 },
  h3: { fontSize: '1.15em', fontWeight: 700 },
  h4: { fontSize: '1em', fontWeight: 700 },
  code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
};

const shortcuts: Partial<Record<ParagraphFormat, string>> = {
  paragraph: 'Mod-Alt-0',
  h1: 'Mod-Alt-1',
  h2: 'Mod-Alt-2',
  h3: 'Mod-Alt-3',
  h4: 'Mod-Alt-4',
};

/** "Paragraph Format" dropdown; the button shows the current format (Froala's paragraphFormatSelection). */
export function ParagraphFormatMenu({ editor, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const current = useEditorUiState({ editor, selector: ({ editor: e }) => currentFormat(e.state) });
  return (
    <ToolbarMenu
      trigger={trigger}
      display={<span className="paragraph-format-display">{t(`paragraphFormat.${current ?? 'label'}`)}</span>}
      kind="radio"
      entries={formats.map((format) => {
        const shortcut = shortcuts[format];
        return {
          id: format,
          label: t(`paragraphFormat.${format}`),
          checked: format === current,
          style: preview[format],
          hint: shortcut ? shortcutLabel(shortcut) : undefined,
          onSelect: () => editor.chain().focus().setParagraphFormat(format).run(),
        };
      })}
    />
  );
}
