import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { capabilities } from '../editor/capabilities';
import { appStrings } from './en';
import de from './locales/de.json';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
const KEY = 'tandem.language';

/** The complete English resource: app strings plus every capability's dictionary. */
export function englishResource(): Record<string, unknown> {
  const resource: Record<string, unknown> = { ...appStrings };
  for (const c of capabilities) resource[c.name] = c.i18n;
  return resource;
}

// One German file per capability (locales/de/<name>.json), so capabilities never edit a shared file.
const germanCapabilities = import.meta.glob<Record<string, unknown>>('./locales/de/*.json', {
  eager: true,
  import: 'default',
});

export function germanResource(): Record<string, unknown> {
  const resource: Record<string, unknown> = { ...de };
  for (const [file, strings] of Object.entries(germanCapabilities)) {
    resource[file.replace(/^.*\/|\.json$/g, '')] = strings;
  }
  return resource;
}

function initialLanguage(): Language {
  const stored = localStorage.getItem(KEY);
  if (stored === 'en' || stored === 'de') return stored;
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function setLanguage(instance: i18n, lang: Language): void {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  void instance.changeLanguage(lang);
}

export function initI18n(): i18n {
  const lng = initialLanguage();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { translation: englishResource() },
      de: { translation: germanResource() },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
