import { useState, type FormEvent } from 'react';
import './text-popup-field.css';

export interface TextPopupFieldProps {
  /** The field's label ("Caption", "Text", "Document title"). */
  label: string;
  /** The apply button's label ("Update"). */
  applyLabel: string;
  initial: string;
  placeholder?: string;
  maxLength?: number;
  /** Enter or the button: the value as typed (empty allowed: the caller decides what empty means). */
  onApply: (value: string) => void;
}

/**
 * Edit in popup (FROALA-REFERENCE §13): a short text in one compact field, pre-filled and selected. Enter or
 * the button applies; Escape is the surrounding popup's and closes it with nothing changed.
 */
export function TextPopupField({ label, applyLabel, initial, placeholder, maxLength, onApply }: TextPopupFieldProps) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    onApply(value);
  };
  return (
    <form className="text-popup-field" onSubmit={submit} noValidate>
      <label className="text-popup-field-label">
        <span>{label}</span>
        <input
          type="text"
          autoComplete="off"
          autoFocus
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <button type="submit" className="ui-button is-primary text-popup-field-apply">
        {applyLabel}
      </button>
    </form>
  );
}
