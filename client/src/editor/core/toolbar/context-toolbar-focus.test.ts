import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import {
  focusContextToolbar,
  leaveFocusRequest,
  onContextToolbarFocusFallback,
  onContextToolbarFocusRequest,
  takeFocusRequest,
} from './context-toolbar-focus';

const anEditor = (): Editor => ({}) as Editor;

describe('Alt+F10 into the context toolbar', () => {
  it('asks the fallback only while no toolbar has registered', () => {
    const editor = anEditor();
    const asked: string[] = [];
    const stopFallback = onContextToolbarFocusFallback(editor, () => {
      asked.push('fallback');
      return true;
    });
    expect(focusContextToolbar(editor)).toBe(true);
    const stopToolbar = onContextToolbarFocusRequest(editor, () => {
      asked.push('toolbar');
      return false;
    });
    expect(focusContextToolbar(editor)).toBe(false);
    stopToolbar();
    stopFallback();
    expect(focusContextToolbar(editor)).toBe(false);
    expect(asked).toEqual(['fallback', 'toolbar']);
  });

  it('asks every registered toolbar, the latest first, until one takes the focus', () => {
    const editor = anEditor();
    const asked: string[] = [];
    const stopBubble = onContextToolbarFocusRequest(editor, () => {
      asked.push('bubble');
      return true;
    });
    // The selection's toolbar registers again on a caret move while it shows nothing.
    const stopToolbar = onContextToolbarFocusRequest(editor, () => {
      asked.push('toolbar');
      return false;
    });
    expect(focusContextToolbar(editor)).toBe(true);
    expect(asked).toEqual(['toolbar', 'bubble']);
    stopBubble();
    expect(focusContextToolbar(editor)).toBe(false);
    stopToolbar();
    stopToolbar();
    expect(focusContextToolbar(editor)).toBe(false);
  });

  it('keeps a request left before the toolbar arrived until it is taken once', () => {
    const editor = anEditor();
    expect(takeFocusRequest(editor)).toBe(false);
    leaveFocusRequest(editor);
    expect(takeFocusRequest(editor)).toBe(true);
    expect(takeFocusRequest(editor)).toBe(false);
  });
});
