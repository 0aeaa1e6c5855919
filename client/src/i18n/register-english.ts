import i18next from 'i18next';

const beforeInit: Record<string, unknown>[] = [];

/**
 * English strings that come with a lazily loaded part: added when its module runs, so before anything
 * of it renders (German has every string in its own chunk). A module evaluated before i18next starts
 * (unit tests) has its strings added at the start.
 */
export function registerEnglish(strings: Record<string, unknown>): void {
  if (i18next.isInitialized) i18next.addResourceBundle('en', 'translation', strings, true, false);
  else beforeInit.push(strings);
}

/** Adds the strings registered before i18next started; setup.ts calls it right after init. */
export function addEarlyEnglish(): void {
  for (const strings of beforeInit.splice(0)) i18next.addResourceBundle('en', 'translation', strings, true, false);
}
