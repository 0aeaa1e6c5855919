import { useId, useState, type FormEvent } from 'react';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { Editor } from '@tiptap/core';
import { FontSizeLimits } from '@shared/limits';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { uniformTextStyleValue } from '../text-style';
import { displayFontSize, parseCustomFontSize } from './font-size';
import './font-size.css';

/** "Font Size" dropdown: configured sizes, "Default" (no size) and a custom size in the footer. */
export function FontSizeControl({ editor, context, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const unit = context.options.fontSizeUnit;
  const current = useEditorUiState({
    editor,
    selector: ({ editor: e }) => uniformTextStyleValue(e.state, 'fontSize'),
  });
  return (
    <ToolbarMenu
      trigger={trigger}
      kind="radio"
      display={current ? displayFontSize(current, unit) : t('fontSize.label')}
      active={Boolean(current)}
      entries={[
        {
          id: 'default',
          label: t('fontSize.default'),
          checked: current === null,
          onSelect: () => editor.chain().focus().unsetFontSize().run(),
        },
        ...context.options.fontSizes.map((size) => ({
          id: String(size),
          label: String(size),
          checked: current === `${size}${unit}`,
          onSelect: () => editor.chain().focus().setFontSize(`${size}${unit}`).run(),
        })),
      ]}
      footer={<CustomSize editor={editor} unit={unit} />}
    />
  );
}

function CustomSize({ editor, unit }: { editor: Editor; unit: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const errorId = useId();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const size = parseCustomFontSize(value);
    if (size === null) {
      setError(true);
      return;
    }
    // Focusing the editor dismisses the menu (focus outside) without sending the focus back to the button.
    editor.chain().focus().setFontSize(`${size}${unit}`).run();
  };
  return (
    <form className="font-size-custom" onSubmit={submit}>
      <input
        type="text"
        inputMode="numeric"
        aria-label={t('fontSize.custom')}
        placeholder={unit}
        maxLength={String(FontSizeLimits.max).length + 1}
        value={value}
        aria-invalid={error}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError(false);
        }}
        // The menu's typeahead would steal these keys; Escape still reaches it (it listens in capture).
        onKeyDown={(e) => e.stopPropagation()}
      />
      <button type="submit">{t('fontSize.apply')}</button>
      {error && (
        <p id={errorId} role="alert" className="font-size-custom-error">
          {t('fontSize.invalid', { min: FontSizeLimits.min, max: FontSizeLimits.max })}
        </p>
      )}
    </form>
  );
}
