import { describe, expect, it, vi } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor } from '../../../testing/test-editor';
import { loadOnce, NEED_PAUSE_MS, PREFETCH_QUIET_MS, quietDelay, retryableImport, watchPause } from './lazy-part';

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

describe('quietDelay', () => {
  it('waits for a pause after the last input and after the page start', () => {
    expect(quietDelay(100, 0)).toBe(PREFETCH_QUIET_MS - 100);
    expect(quietDelay(10_000, 0)).toBe(0);
    expect(quietDelay(10_000, 9_800)).toBe(PREFETCH_QUIET_MS - 200);
    expect(quietDelay(10_000, 9_800, 100)).toBe(0);
  });
});

describe('watchPause', () => {
  it('fires once the state has held for NEED_PAUSE_MS; a state left before that fires nothing', () => {
    vi.useFakeTimers();
    const { editor } = createTestEditor();
    const emptyBlock = (e: Editor): boolean => e.state.selection.$from.parent.content.size === 0;
    const needed = vi.fn();
    const stop = watchPause(editor, emptyBlock, needed);
    // The editor starts in an empty paragraph; typing into it at once ends the wait.
    vi.advanceTimersByTime(NEED_PAUSE_MS - 100);
    editor.commands.insertContent('typed at once');
    vi.advanceTimersByTime(NEED_PAUSE_MS * 2);
    expect(needed).not.toHaveBeenCalled();
    // A new empty line where the author rests.
    editor.commands.splitBlock();
    vi.advanceTimersByTime(NEED_PAUSE_MS - 1);
    expect(needed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(needed).toHaveBeenCalledTimes(1);
    editor.commands.splitBlock();
    vi.advanceTimersByTime(NEED_PAUSE_MS * 2);
    expect(needed).toHaveBeenCalledTimes(1);
    stop();
    editor.destroy();
    vi.useRealTimers();
  });
});
