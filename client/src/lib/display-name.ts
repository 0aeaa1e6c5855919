import type { TFunction } from 'i18next';

/** Default names are stored in one language-neutral form, so each viewer reads them in their own. */
const DEFAULT_NAME = /^Guest (\d{1,6})$/;

export const defaultName = (number: number): string => `Guest ${number}`;

/** The number of a default name ("Guest 231" → "231"), or null for a name somebody chose. */
export function guestNumber(name: string): string | null {
  return DEFAULT_NAME.exec(name)?.[1] ?? null;
}

/** The name as this UI shows it: default names translated ("Gast 231"), chosen names as typed. */
export function displayName(name: string, t: TFunction): string {
  const number = guestNumber(name);
  return number === null ? name : t('presence.guest', { number });
}

/** Avatar text: the guest number for default names, else the first letters of the first two words. */
export function initialsOf(name: string): string {
  const number = guestNumber(name);
  if (number !== null) return number;
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
