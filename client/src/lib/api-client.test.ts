import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../i18n/setup';
import { api, ApiError } from './api-client';

describe('api client refusals', () => {
  beforeAll(() => initI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('rejects with the server’s code once its English message is there (the catalogue is not in the first load)', async () => {
    expect(i18next.exists('errors.DOC_NOT_FOUND')).toBe(false);
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ code: 'DOC_NOT_FOUND', message: 'x' }), { status: 404 })),
    );
    const failure = api.getDocument('abc', 'token');
    await expect(failure).rejects.toMatchObject({ code: 'DOC_NOT_FOUND', status: 404 });
    expect(i18next.t('errors.DOC_NOT_FOUND')).toBe('The document does not exist.');
  });

  it('reports a code the catalogue does not know as INTERNAL, and no answer as NETWORK (its message is always there)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ code: '<script>' }), { status: 500 })));
    await expect(api.config()).rejects.toMatchObject({ code: 'INTERNAL', status: 500 });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = api.config();
    await expect(offline).rejects.toBeInstanceOf(ApiError);
    await expect(offline).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
    expect(i18next.t('errors.NETWORK')).toBe('The server cannot be reached. Check your connection.');
  });
});
