import type { TFunction } from 'i18next';
import { defaultEditorOptions } from '@shared/editor-option-defaults';
import type { EditorOptions } from '@shared/editor-options';

/** The option lists whose default entries have labels people read (fonts keep their proper names). */
export const TRANSLATED_LISTS = {
  lineHeights: 'lineHeight.values',
  paragraphStyles: 'paragraphStyle.values',
  inlineClasses: 'inlineClass.values',
  inlineStyles: 'inlineStyle.values',
  imageStyles: 'imageEdit.values',
  tableStyles: 'table.styles',
  tableCellStyles: 'table.cellStyles',
} as const satisfies Partial<Record<keyof EditorOptions, string>>;

export type TranslatedList = keyof typeof TRANSLATED_LISTS;

interface Labelled {
  label: string;
  value: string;
}

/** i18n key part of a default label ("Big Red" → "BigRed", "1.15" → "1_15": keys may not hold dots). */
export const labelKey = (label: string): string => label.replace(/\s+/g, '').replace(/[^A-Za-z0-9]/g, '_');

/** English strings of a list's default labels, for the capability's dictionary (English = the label). */
export function defaultLabelStrings(list: TranslatedList): Record<string, string> {
  return Object.fromEntries(defaultEditorOptions[list].map((entry) => [labelKey(entry.label), entry.label]));
}

/**
 * The label to show: a default entry (same label and value as shipped) in the UI's language, an
 * operator's own entry exactly as configured.
 */
export function optionLabel(list: TranslatedList, entry: Labelled, t: TFunction): string {
  const isDefault = defaultEditorOptions[list].some((d) => d.label === entry.label && d.value === entry.value);
  return isDefault ? t(`${TRANSLATED_LISTS[list]}.${labelKey(entry.label)}`) : entry.label;
}
