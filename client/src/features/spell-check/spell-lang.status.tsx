import type { EditorUiProps } from '../../editor/core/capability';
import { sharedDocument } from '../../editor/core/document-title';
import { useTranslation } from '../../i18n/use-translation';
import { useSyncExternalStore } from 'react';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { DOCUMENT_LANGS, isDocumentLang, langOfLocale, readLang } from '@shared/document/yjs/ydoc-lang';
import { spellMenuStrings } from './spell-check.strings';
import './spell-check.css';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { spellCheck: spellMenuStrings };

/** The document's language in the status bar: shared with every author, it picks the dictionary. */
export default function SpellLangStatus({ editor }: EditorUiProps) {
  const { t, i18n } = useTranslation();
  const doc = sharedDocument(editor);
  const lang = useSyncExternalStore(
    (changed) => {
      const meta = doc?.getMap(YDocKeys.meta);
      meta?.observe(changed);
      return () => meta?.unobserve(changed);
    },
    () => (doc && readLang(doc)) ?? langOfLocale(i18n.language || 'en'),
  );
  return (
    <select
      className="spell-lang"
      data-testid="document-lang"
      aria-label={t('spellCheck.language')}
      value={lang}
      disabled={!editor.isEditable || !doc}
      onChange={(e) => {
        const next = e.target.value;
        if (isDocumentLang(next)) doc?.transact(() => doc.getMap(YDocKeys.meta).set(YDocKeys.langKey, next));
      }}
    >
      {DOCUMENT_LANGS.map((l) => (
        <option key={l} value={l}>
          {t(`spellCheck.lang.${l}`)}
        </option>
      ))}
    </select>
  );
}
