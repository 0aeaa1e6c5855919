import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import { isFontFamily } from '@shared/document/model/validators';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { uniformTextStyleValue } from '../text-style';
import { firstFamily, matchFontFamily } from './font-family';

/** "Font Family" dropdown: each font previewed in itself, the current font's label on the button. */
export function FontFamilyControl({ editor, context, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  // Only stacks the document model stores (an operator's entry with other characters is left out).
  const fonts = context.options.fontFamilies.filter((f) => isFontFamily(f.value));
  const current = useEditorUiState({
    editor,
    selector: ({ editor: e }) => uniformTextStyleValue(e.state, 'fontFamily'),
  });
  const match = current ? matchFontFamily(fonts, current) : undefined;
  // An unknown font (pasted content) still shows its own name.
  const display = match?.label ?? (current ? firstFamily(current) : t('fontFamily.label'));
  return (
    <ToolbarMenu
      trigger={trigger}
      kind="radio"
      display={display}
      active={Boolean(current)}
      entries={fonts.map((font) => ({
        id: font.value,
        label: font.label,
        style: { fontFamily: font.value },
        checked: font === match,
        onSelect: () => editor.chain().focus().setFontFamily(font.value).run(),
      }))}
    />
  );
}
