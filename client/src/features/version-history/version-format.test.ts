import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../i18n/locales/de/versionHistory.json';
import { describeChange } from './version-format';
import { versionHistoryPanelStrings } from './version-history.strings';

// The words the history panel shows for comment and suggestion changes (issue 28), in English and German.
async function translator(lng: 'en' | 'de') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: {
      en: { translation: { versionHistory: versionHistoryPanelStrings } },
      de: { translation: { versionHistory: de } },
    },
    interpolation: { escapeValue: false },
  });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
}

describe('describeChange: comments and suggestions in words', () => {
  it('names comments and suggestions with their authors, and what became of them', async () => {
    const t = await translator('en');
    expect(describeChange({ kind: 'comment', change: 'added', text: 'phrase' }, t)).toBe('“phrase”: comment added');
    expect(
      describeChange(
        { kind: 'suggestion', suggestion: 'insertion', change: 'suggested', author: 'Ada', text: 'new' },
        t,
      ),
    ).toBe('Suggested insertion by Ada: “new”');
    expect(
      describeChange({ kind: 'suggestion', suggestion: 'deletion', change: 'suggested', author: null, text: '' }, t),
    ).toBe('Suggested deletion: paragraph break');
    expect(
      describeChange({ kind: 'suggestion', suggestion: 'deletion', change: 'accepted', author: 'Ada', text: 'old' }, t),
    ).toBe('Suggestion accepted (deletion): “old”');
    const tde = await translator('de');
    expect(describeChange({ kind: 'comment', change: 'removed', text: 'Satz' }, tde)).toBe(
      '„Satz“: Kommentar entfernt',
    );
    expect(
      describeChange(
        { kind: 'suggestion', suggestion: 'insertion', change: 'rejected', author: 'Bo', text: 'neu' },
        tde,
      ),
    ).toBe('Vorschlag abgelehnt (Einfügung): „neu“');
  });
});
