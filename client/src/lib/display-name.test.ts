import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultName, displayName, guestNumber, initialsOf } from './display-name';

describe('display names', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'de',
      resources: {
        en: { translation: { presence: { guest: 'Guest {{number}}' } } },
        de: { translation: { presence: { guest: 'Gast {{number}}' } } },
      },
    });
  });

  it('translates default names and leaves chosen names as typed', async () => {
    expect(displayName(defaultName(231), i18next.t)).toBe('Gast 231');
    await i18next.changeLanguage('en');
    expect(displayName('Guest 231', i18next.t)).toBe('Guest 231');
    expect(displayName('Gast 231', i18next.t)).toBe('Gast 231');
    expect(displayName('Guest of honour', i18next.t)).toBe('Guest of honour');
    expect(guestNumber('Guest 12')).toBe('12');
    expect(guestNumber(' Guest 12')).toBeNull();
  });

  it('shows the guest number for default names and initials otherwise', () => {
    expect(initialsOf('Guest 231')).toBe('231');
    expect(initialsOf('ada lovelace byron')).toBe('AL');
    expect(initialsOf('Émile')).toBe('É');
    expect(initialsOf('   ')).toBe('?');
  });
});
