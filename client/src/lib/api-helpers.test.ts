import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, apiFetch } from './api-client';
import { isApiError, withQuery } from './api-helpers';

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token, query parameters (empty ones left out), a JSON or a form body', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    await apiFetch('GET', withQuery('/api/x', { offset: 0, q: '', tag: undefined, kind: 'file' }), { token: 't' });
    await apiFetch('POST', '/api/y', { json: { a: 1 } });
    await apiFetch('POST', '/api/z', { body: new URLSearchParams({ src: 'a b' }) });
    expect(calls[0]?.url).toBe('/api/x?offset=0&kind=file');
    expect(calls[0]?.init?.headers).toEqual({ authorization: 'Bearer t' });
    expect(calls[1]?.init).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(calls[1]?.init?.headers).toEqual({ 'content-type': 'application/json' });
    expect(String(calls[2]?.init?.body)).toBe('src=a+b');
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
