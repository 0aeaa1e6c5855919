import { describe, expect, it, vi } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor } from '../../../testing/test-editor';
import { NEED_PAUSE_MS, PREFETCH_QUIET_MS, quietDelay, watchPause } from './idle';

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
