import { useState, type FormEvent } from 'react';
import {
  FormLimits,
  formAttrValid,
  formControlKinds,
  formInputTypes,
  type FormControlAttrs,
  type FormControlKind,
  type FormInputType,
} from '@shared/document/model/form-model';
import { useTranslation } from '../../i18n/use-translation';

type Draft = Omit<FormControlAttrs, 'options'> & { options: string };

const optionsOf = (text: string): string[] => [
  ...new Set(
    text
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean),
  ),
];

/** Every attribute of a control in one form: Apply (or Enter in a one-line field) applies all as one step. */
export function FormProperties(props: {
  attrs: FormControlAttrs;
  onApply: (patch: Partial<FormControlAttrs>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>({ ...props.attrs, options: props.attrs.options.join('\n') });
  const [tried, setTried] = useState(false);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]): void => setD((prev) => ({ ...prev, [k]: v }));
  const options = optionsOf(d.options);
  const patch: FormControlAttrs = { ...d, options };
  const bad = (Object.keys(patch) as (keyof FormControlAttrs)[]).filter((k) => !formAttrValid(k, patch[k]));
  const invalid = (k: keyof FormControlAttrs): boolean => tried && bad.includes(k);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    setTried(true);
    if (bad.length === 0) props.onApply(patch);
  };
  const k = d.control;
  const choice = k === 'select' || k === 'radio';
  const typed = k === 'text' || k === 'textarea';
  return (
    <form className="forms-properties" onSubmit={submit} noValidate>
      <label className="forms-field">
        <span>{t('forms.kind')}</span>
        <select value={k} onChange={(e) => set('control', e.target.value as FormControlKind)}>
          {formControlKinds.map((c) => (
            <option key={c} value={c}>
              {t(`forms.kinds.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="forms-field">
        <span>{t(k === 'button' ? 'forms.buttonText' : 'forms.fieldLabel')}</span>
        <input
          autoFocus
          autoComplete="off"
          maxLength={FormLimits.maxLabelChars}
          value={d.label}
          aria-invalid={invalid('label')}
          onChange={(e) => set('label', e.target.value)}
        />
      </label>
      <label className="forms-field">
        <span>{t('forms.name')}</span>
        <input
          autoComplete="off"
          maxLength={FormLimits.maxNameChars}
          value={d.name}
          aria-invalid={invalid('name')}
          title={t('forms.nameHint')}
          onChange={(e) => set('name', e.target.value.trim())}
        />
      </label>
      {k === 'text' && (
        <label className="forms-field">
          <span>{t('forms.inputType')}</span>
          <select value={d.inputType} onChange={(e) => set('inputType', e.target.value as FormInputType)}>
            {formInputTypes.map((type) => (
              <option key={type} value={type}>
                {t(`forms.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {typed && (
        <label className="forms-field">
          <span>{t('forms.placeholder')}</span>
          <input
            autoComplete="off"
            maxLength={FormLimits.maxLabelChars}
            value={d.placeholder}
            aria-invalid={invalid('placeholder')}
            onChange={(e) => set('placeholder', e.target.value)}
          />
        </label>
      )}
      {typed && (
        <label className="forms-field">
          <span>{t('forms.defaultValue')}</span>
          <input
            autoComplete="off"
            maxLength={FormLimits.maxValueChars}
            value={d.value}
            aria-invalid={invalid('value')}
            onChange={(e) => set('value', e.target.value)}
          />
        </label>
      )}
      {choice && (
        <label className="forms-field">
          <span>{t('forms.options')}</span>
          <textarea
            rows={4}
            value={d.options}
            aria-invalid={invalid('options')}
            onChange={(e) => set('options', e.target.value)}
          />
        </label>
      )}
      {choice && (
        <label className="forms-field">
          <span>{t('forms.defaultValue')}</span>
          <select value={options.includes(d.value) ? d.value : ''} onChange={(e) => set('value', e.target.value)}>
            <option value="">{t('forms.noDefault')}</option>
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
      )}
      {k === 'checkbox' && (
        <label className="forms-check">
          <input type="checkbox" checked={d.checked} onChange={(e) => set('checked', e.target.checked)} />
          <span>{t('forms.checked')}</span>
        </label>
      )}
      {k !== 'button' && (
        <label className="forms-check">
          <input type="checkbox" checked={d.required} onChange={(e) => set('required', e.target.checked)} />
          <span>{t('forms.required')}</span>
        </label>
      )}
      {tried && bad.length > 0 && (
        <p className="forms-error" role="alert">
          {t('forms.invalid')}
        </p>
      )}
      <div className="forms-buttons">
        <button type="button" className="ui-button" onClick={props.onCancel}>
          {t('forms.cancel')}
        </button>
        <button type="submit" className="ui-button is-primary">
          {t('forms.apply')}
        </button>
      </div>
    </form>
  );
}
