import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../i18n/setup';
import { api, ApiError, apiError, apiFetch, isApiError } from './api-client';

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

describe('apiFetch', () => {
  beforeAll(() => initI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token, query parameters (empty ones left out), a JSON or a form body', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    await apiFetch('GET', '/api/x', { token: 't', query: { offset: 0, q: '', tag: undefined, kind: 'file' } });
    await apiFetch('POST', '/api/y', { json: { a: 1 } });
    await apiFetch('POST', '/api/z', { form: { src: 'a b' } });
    expect(calls[0]?.url).toBe('/api/x?offset=0&kind=file');
    expect(calls[0]?.init?.headers).toEqual({ authorization: 'Bearer t' });
    expect(calls[1]?.init).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(calls[1]?.init?.headers).toEqual({ 'content-type': 'application/json' });
    expect(calls[2]?.init?.body).toBe('src=a+b');
  });

  it('rejects an aborted call with ABORTED and keeps a refusal’s details', async () => {
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) =>
      init?.signal?.aborted
        ? Promise.reject(new DOMException('aborted', 'AbortError'))
        : Promise.resolve(new Response()),
    );
    const abort = new AbortController();
    abort.abort();
    await expect(apiFetch('GET', '/api/x', { signal: abort.signal })).rejects.toMatchObject({
      code: 'ABORTED',
      status: 0,
    });
    const res = new Response(JSON.stringify({ code: 'TOO_LARGE', details: { max: 3 } }), { status: 413 });
    const error = await apiError(res);
    expect(isApiError(error, 'TOO_LARGE')).toBe(true);
    expect(error).toMatchObject({ status: 413, details: { max: 3 } });
    const failed = await apiError(new Response('not json', { status: 502 }), 'IMAGE_BAD_RESPONSE');
    expect(failed.code).toBe('IMAGE_BAD_RESPONSE');
  });
});
