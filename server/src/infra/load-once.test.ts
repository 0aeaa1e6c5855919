import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once and hands every caller the same value', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('EMFILE')).mockResolvedValueOnce('ok');
    const get = loadOnce<string>(load);
    await expect(get()).rejects.toThrow('EMFILE');
    expect(await get()).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
