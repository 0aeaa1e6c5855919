import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { chunk, loadOnce, retryableImport } from './chunk';

describe('loadOnce', () => {
  it('fetches once, joins a fetch under way and keeps the value', async () => {
    const load = vi.fn(() => Promise.resolve('part'));
    const chunk = loadOnce(load);
    expect(chunk.loaded()).toBeNull();
    await Promise.all([chunk.load(), chunk.load()]);
    await chunk.load();
    expect(load).toHaveBeenCalledTimes(1);
    expect(chunk.loaded()).toBe('part');
  });

  it('forgets a failed fetch, so the next load tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce('part');
    const chunk = loadOnce(load);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeNull();
    await expect(chunk.load()).resolves.toBe('part');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('retryableImport', () => {
  it('after a failure that names the script, asks for that script under a fresh URL instead of the cached import', async () => {
    const url = 'http://127.0.0.1:1/assets/help.dialog-AbC12345.js';
    const load = vi.fn(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`)));
    const importer = retryableImport(load);
    await expect(importer()).rejects.toThrow(url);
    // Port 1 answers nothing: the retry fails too, but it went to the script itself, not to `load`.
    await expect(importer()).rejects.toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('calls the import again when the failure does not name a script', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce({ Part: 1 });
    const importer = retryableImport(load);
    await expect(importer()).rejects.toThrow('chunk failed');
    await expect(importer()).resolves.toEqual({ Part: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('chunk', () => {
  it('adds the English strings the module exports before anyone gets the module', async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: {} } } });
    const code = chunk(() => Promise.resolve({ strings: { lazyTest: { hello: 'Hello from a chunk' } }, value: 7 }));
    expect(i18next.exists('lazyTest.hello')).toBe(false);
    const module = await code.load();
    expect(module.value).toBe(7);
    expect(i18next.t('lazyTest.hello')).toBe('Hello from a chunk');
    expect(code.loaded()).toBe(module);
  });

  it('preload swallows a failure and the next load tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ ok: true });
    const code = chunk(load);
    await expect(code.preload()).resolves.toBeUndefined();
    expect(code.loaded()).toBeNull();
    await expect(code.load()).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks for a script that failed under a fresh URL on its next load (browsers remember the failed import)', async () => {
    const url = 'http://127.0.0.1:1/assets/share-dialog-content-AbC12345.js';
    const load = vi.fn(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`)));
    const code = chunk(load);
    await expect(code.load()).rejects.toThrow(url);
    // The second load goes to the script under `?retry=`, not to the cached `import()` (port 1 answers nothing).
    await expect(code.load()).rejects.toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
