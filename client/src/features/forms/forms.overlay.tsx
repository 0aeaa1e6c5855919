import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { formStyleClasses, type FormControlAttrs } from '@shared/document/model/form-model';
import { Popover } from '../../editor/core/lazy';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorUiProps } from '../../editor/core/capability';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useStore } from '../../lib/store';
import '../../editor/ui/toolbar-ui.css';
import { formEditState, formsPlugin, formsPluginKey, selectedForm } from './form-ui';
import { toggleFormControlStyle, updateFormControl } from './form-commands';
import { FormProperties } from './form-properties';
import { formsPopupStrings } from './forms.strings';
import './forms-popup.css';
import { nodeAnchor } from '../../editor/ui/node-anchor';
import { registerPluginLate, unregisterPluginLate } from '../../editor/core/dom-selection';

export const strings = { forms: formsPopupStrings };

const STYLE_KEYS: Record<(typeof formStyleClasses)[number], string> = {
  'fr-rounded': 'forms.rounded',
  'fr-large': 'forms.large',
};

/** The text "Edit Button" edits (Froala §37): a button's text, a text field's placeholder; else none. */
function textField(a: FormControlAttrs): 'label' | 'placeholder' | null {
  if (a.control === 'button') return 'label';
  return a.control === 'text' || a.control === 'textarea' ? 'placeholder' : null;
}

/** One short text in a compact field: Enter applies, Escape cancels (FROALA-REFERENCE §13, §37). */
function CompactField(props: {
  label: string;
  value: string;
  max: number;
  onApply: (v: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.value);
  const keyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      props.onApply(value);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      props.onCancel();
    }
  };
  return (
    <div className="forms-compact">
      <label className="forms-field">
        <span>{props.label}</span>
        <input
          type="text"
          autoComplete="off"
          autoFocus
          maxLength={props.max}
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/[\u0000-\u001f\u007f]/g, ''))}
          onKeyDown={keyDown}
        />
      </label>
      <button type="button" className="ui-button is-primary" onClick={() => props.onApply(value)}>
        {t('forms.update')}
      </button>
    </div>
  );
}

/**
 * The popup of the selected form control: a bubble (Properties, Edit Button, Edit Label, Style, Remove), one
 * compact field, or the whole properties form. Every change is one transaction, so one undo step.
 */
export function FormsOverlay({ editor }: EditorUiProps) {
  const { t } = useTranslation();
  // The controls' view and their keys come with this part (the first load has the node's schema only).
  useEffect(() => {
    // First: Enter on a selected control must reach it before the keymaps (which would add a paragraph).
    registerPluginLate(editor, formsPlugin(editor), (plugin, plugins) => [plugin, ...plugins]);
    return () => {
      unregisterPluginLate(editor, formsPluginKey);
    };
  }, [editor]);
  const at = useEditorUiState({
    editor,
    selector: ({ editor: e }) => {
      if (!e.isEditable) return null;
      const current = selectedForm(e.state.selection);
      return current ? { pos: current.from, node: current.node, focused: e.isFocused } : null;
    },
  });
  const editState = formEditState(editor);
  const edit = useStore(editState);
  const [focusInside, setFocusInside] = useState(false);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const key = at ? at.pos : null;

  // Another control (or none) selected: a dismissal no longer holds, and the popup goes back to the bubble.
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    if (dismissed !== key) setDismissed(null);
  }
  useEffect(() => {
    if (key === null) editState.set(null);
  }, [editor, editState, key]);
  useEffect(() => {
    const dom = editor.view.dom;
    const reset = (): void => setDismissed(null);
    dom.addEventListener('mousedown', reset);
    return () => dom.removeEventListener('mousedown', reset);
  }, [editor]);

  const attrs = at ? (at.node.attrs as FormControlAttrs) : null;
  const anchor = useMemo(
    () => nodeAnchor(editor, key),
    // A new anchor per control, its look and the popup's mode makes the popup re-measure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, key, at?.node, edit],
  );
  const open = at !== null && (at.focused || focusInside || edit !== null) && dismissed !== key;
  const back = (): void => {
    editState.set(null);
    editor.commands.focus();
  };
  // Closing by a click elsewhere leaves the focus where the click put it (a toolbar menu, another field).
  const close = (): void => {
    setFocusInside(false);
    setDismissed(key);
    editState.set(null);
  };
  const apply = (patch: Partial<FormControlAttrs>): void => {
    updateFormControl(editor, patch);
    editState.set(null);
  };
  const keepFocus = (e: { preventDefault: () => void }): void => e.preventDefault();
  const text = attrs ? textField(attrs) : null;
  const styles = attrs ? attrs.styles.split(' ').filter(Boolean) : [];
  const toggleStyle = (c: string): void => void toggleFormControlStyle(editor, c);

  if (!editor.isEditable) return null;
  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && close()} modal={false}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup forms-popup"
          side="bottom"
          align="start"
          sideOffset={6}
          role="dialog"
          aria-label={t(edit === 'properties' ? 'forms.properties' : 'forms.popup')}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => {
            // Escape in a field goes back to the bubble and the editor; in the bubble it closes.
            if (edit !== null) {
              e.preventDefault();
              back();
            } else editor.commands.focus();
          }}
          onInteractOutside={(e) => {
            if (e.target instanceof Node && editor.view.dom.contains(e.target)) e.preventDefault();
          }}
          onFocus={() => setFocusInside(true)}
          onBlur={(e) => {
            if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocusInside(false);
          }}
        >
          {attrs && edit === 'properties' && <FormProperties key={key} attrs={attrs} onApply={apply} onCancel={back} />}
          {attrs && edit === 'text' && text && (
            <CompactField
              key={`${String(key)}text`}
              label={t(text === 'label' ? 'forms.buttonText' : 'forms.placeholder')}
              value={attrs[text]}
              max={200}
              onApply={(v) => apply({ [text]: v })}
              onCancel={back}
            />
          )}
          {attrs && edit === 'label' && (
            <CompactField
              key={`${String(key)}label`}
              label={t('forms.fieldLabel')}
              value={attrs.label}
              max={200}
              onApply={(v) => apply({ label: v })}
              onCancel={back}
            />
          )}
          {attrs && edit === null && (
            <div className="forms-bubble" role="toolbar" aria-label={t('forms.popup')}>
              <button
                type="button"
                className="ui-button"
                onMouseDown={keepFocus}
                onClick={() => editState.set('properties')}
              >
                {t('forms.properties')}
              </button>
              {text && (
                <button
                  type="button"
                  className="ui-button"
                  onMouseDown={keepFocus}
                  onClick={() => editState.set('text')}
                >
                  {t(text === 'label' ? 'forms.editButton' : 'forms.editPlaceholder')}
                </button>
              )}
              {attrs.control !== 'button' && (
                <button
                  type="button"
                  className="ui-button"
                  onMouseDown={keepFocus}
                  onClick={() => editState.set('label')}
                >
                  {t('forms.editLabel')}
                </button>
              )}
              <span className="forms-bubble-group" role="group" aria-label={t('forms.style')}>
                {formStyleClasses.map((c) => (
                  <button
                    key={c}
                    type="button"
                    className="ui-button"
                    aria-pressed={styles.includes(c)}
                    onMouseDown={keepFocus}
                    onClick={() => toggleStyle(c)}
                  >
                    {t(STYLE_KEYS[c])}
                  </button>
                ))}
              </span>
              <button
                type="button"
                className="ui-button"
                onMouseDown={keepFocus}
                onClick={() => editor.chain().focus().deleteSelection().run()}
              >
                {t('forms.remove')}
              </button>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export default FormsOverlay;
