import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { ApiErrorCode } from '../../lib/api-client';
import { Tabs } from '../core/lazy';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../../lib/error-catalogue';

export interface MediaTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The tabs of an insert form (image: upload / by URL / browse; video: by URL / embed / upload). `prefix`
 * names the parts' classes: `<prefix>-tabs` and `<prefix>-tab`.
 */
export function MediaTabs({
  prefix,
  className,
  label,
  value,
  onValueChange,
  tabs,
}: {
  prefix: string;
  className?: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  tabs: readonly MediaTab[];
}) {
  return (
    <Tabs.Root className={className} value={value} onValueChange={onValueChange}>
      <Tabs.List className={`${prefix}-tabs`} aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={`${prefix}-tab`}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** A drop zone's texts: `<ns>.drop`, `<ns>.orClick` and `<ns>.choose` of an upload tab's namespace. */
export function useDropZoneText(ns: 'image' | 'video' | 'file'): { label: string; hint: string; inputLabel: string } {
  const { t } = useTranslation();
  return { label: t(`${ns}.drop`), hint: t(`${ns}.orClick`), inputLabel: t(`${ns}.choose`) };
}

/** A form of one labelled field (an address, embed code), its error line and its submit button(s). */
export function FieldForm({
  className,
  fieldClass,
  label,
  field,
  error,
  submit,
  onSubmit,
  noValidate,
}: {
  className: string;
  fieldClass: string;
  label: string;
  field: ReactNode;
  error?: ReactNode;
  submit: ReactNode;
  onSubmit: () => void;
  /** Our own check decides (the browser's bubble would say something else). */
  noValidate?: boolean;
}) {
  return (
    <form
      className={className}
      noValidate={noValidate}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label className={fieldClass}>
        <span>{label}</span>
        {field}
      </label>
      {error}
      {submit}
    </form>
  );
}

/** The translated message of a refused input or upload (`errors.<CODE>`), announced. */
export function FormError({ id, code, className }: { id?: string; code: ApiErrorCode | null; className: string }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p id={id} className={className} role="alert" data-code={code}>
      {t(`errors.${code}`)}
    </p>
  );
}
