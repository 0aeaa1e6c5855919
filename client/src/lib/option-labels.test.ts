import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '@shared/editor-options';
import { germanResource } from '../i18n/german';
import { englishResource } from '../i18n/setup';
import { tableToolbarStrings } from '../features/table/table-context.strings';
import { labelKey, optionLabel, TRANSLATED_LISTS, type TranslatedList } from './option-labels';

const lists = Object.keys(TRANSLATED_LISTS) as TranslatedList[];

/** English of the first load and of the lazy parts that bring option labels (the table toolbar's styles). */
function english(): Record<string, unknown> {
  const first = englishResource();
  return { ...first, table: { ...(first.table as Record<string, unknown>), ...tableToolbarStrings } };
}

function lookup(resource: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), resource);
}

describe('default option labels', () => {
  it.each(lists)('every default label of %s has an English and a German translation', (list) => {
    for (const entry of defaultEditorOptions[list]) {
      const key = `${TRANSLATED_LISTS[list]}.${labelKey(entry.label)}`;
      expect(lookup(english(), key), `en ${key}`).toBe(entry.label);
      const german = lookup(germanResource(), key);
      expect(typeof german === 'string' && german.trim() !== '', `de ${key}`).toBe(true);
    }
  });

  it('translates default entries and leaves an operator’s own entries exactly as configured', async () => {
    const t = i18next.createInstance();
    await t.init({ lng: 'de', resources: { de: { translation: germanResource() } } });
    expect(optionLabel('paragraphStyles', { label: 'Gray', value: 'fr-text-gray' }, t.t)).toBe('Grau');
    expect(optionLabel('inlineStyles', { label: 'Big Red', value: 'font-size: 20px; color: red;' }, t.t)).toBe(
      'Groß und rot',
    );
    expect(optionLabel('lineHeights', { label: '1.5', value: '1.5' }, t.t)).toBe('1,5');
    // Same label, another value: the operator's entry.
    expect(optionLabel('paragraphStyles', { label: 'Gray', value: 'my-gray' }, t.t)).toBe('Gray');
    expect(optionLabel('inlineClasses', { label: 'Marker', value: 'marker' }, t.t)).toBe('Marker');
  });
});
