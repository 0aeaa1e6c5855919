import i18next, { type i18n } from 'i18next';
import { capabilities } from '../capabilities';
import { appStrings } from './en';
import { addEarlyEnglish } from './register-english';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
const KEY = 'tandem.language';

/** The complete English resource: app strings plus every capability's dictionary. */
export function englishResource(): Record<string, unknown> {
  const resource: Record<string, unknown> = { ...appStrings };
  for (const c of capabilities) resource[c.name] = c.i18n;
  return resource;
}

/** Loads a language's strings into i18next once (only English is in the initial bundle). */
async function ensureLanguage(instance: i18n, lang: Language): Promise<void> {
  if (lang === 'en' || instance.hasResourceBundle(lang, 'translation')) return;
  const { germanResource } = await import('./german');
  instance.addResourceBundle(lang, 'translation', germanResource(), true, true);
}

function initialLanguage(): Language {
  const stored = localStorage.getItem(KEY);
  if (stored === 'en' || stored === 'de') return stored;
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** Switches the UI language; resolves once its strings are loaded and shown. */
export async function setLanguage(instance: i18n, lang: Language): Promise<void> {
  localStorage.setItem(KEY, lang);
  try {
    await ensureLanguage(instance, lang);
  } catch (error) {
    // Offline or a stale deployment: stay readable in English rather than showing keys.
    console.error('[tandem] could not load the language', lang, error);
    return;
  }
  document.documentElement.lang = lang;
  await instance.changeLanguage(lang);
}

/**
 * Starts i18next in English, then switches to the stored or browser language once its strings are
 * loaded: the promise resolves when the first render can show the right language.
 */
export async function initI18n(): Promise<i18n> {
  const lng = initialLanguage();
  document.documentElement.lang = 'en';
  // Synchronous with inline resources: an English page renders without waiting a task.
  await i18next.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: englishResource() } },
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next's own advertisement in every visitor's console.
    showSupportNotice: false,
  });
  addEarlyEnglish();
  if (lng !== 'en') {
    try {
      await ensureLanguage(i18next, lng);
      await i18next.changeLanguage(lng);
      document.documentElement.lang = lng;
    } catch (error) {
      console.error('[tandem] could not load the language', lng, error);
    }
  }
  return i18next;
}
