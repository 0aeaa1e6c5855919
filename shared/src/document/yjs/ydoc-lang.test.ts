import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { YDocKeys } from './ydoc-keys';
import { isDocumentLang, langOfLocale, readLang } from './ydoc-lang';

describe('document language', () => {
  it('reads en or de from meta.lang and nothing else', () => {
    const doc = new Y.Doc();
    expect(readLang(doc)).toBeNull();
    doc.getMap(YDocKeys.meta).set(YDocKeys.langKey, 'de');
    expect(readLang(doc)).toBe('de');
    doc.getMap(YDocKeys.meta).set(YDocKeys.langKey, 'fr');
    expect(readLang(doc)).toBeNull();
  });

  it('validates values and maps UI locales', () => {
    expect(isDocumentLang('en')).toBe(true);
    expect(isDocumentLang('EN')).toBe(false);
    expect(isDocumentLang(null)).toBe(false);
    expect(langOfLocale('de-AT')).toBe('de');
    expect(langOfLocale('fr')).toBe('en');
  });
});
