import i18next, { type TFunction, type i18n } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

const currentLanguage = (): string => i18next.language;

/**
 * The UI's `t` and the i18next instance; a component re-renders when the language changes, and `t`
 * changes with it (so memoised children and effects follow). All Tandem used of react-i18next, without
 * its 2 KiB in the first load.
 */
export function useTranslation(): { t: TFunction; i18n: i18n } {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  const t = useMemo(() => i18next.getFixedT(language), [language]);
  return { t, i18n: i18next };
}
