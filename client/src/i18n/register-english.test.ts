import { describe, expect, it, vi } from 'vitest';

describe('registerEnglish', () => {
  it('adds strings before and after i18next starts, next to the first load’s (deep merge)', async () => {
    vi.resetModules();
    const { registerEnglish } = await import('./register-english');
    const i18next = (await import('i18next')).default;
    // A lazy module evaluated before i18next started (as in a unit test) keeps its strings for the start.
    registerEnglish({ errors: { EARLY_ONLY: 'early' } });
    const { initI18n } = await import('./setup');
    await initI18n();
    expect(i18next.t('errors.EARLY_ONLY')).toBe('early');
    registerEnglish({ errors: { LATE_ONLY: 'late' } });
    expect(i18next.t('errors.LATE_ONLY')).toBe('late');
    // The first load's own string under the same key is kept.
    expect(i18next.t('errors.NETWORK')).toBe('The server cannot be reached. Check your connection.');
    // Fresh module copies of i18next and every locale: seconds on a loaded machine, not a hang.
  }, 30_000);
});
