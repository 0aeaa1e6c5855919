import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { coreExtensions } from '../../editor/core/create-editor';
import { FullscreenExtension } from './fullscreen.extension';
import { fullscreen } from './index';

describe('fullscreen capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('Mod-Shift-F toggles, Escape leaves and is otherwise left to others', () => {
    editor = new Editor({ extensions: [...coreExtensions(new Y.Doc()), FullscreenExtension] });
    const state = editor.storage.fullscreen.state;
    let notified = 0;
    state.subscribe(() => notified++);
    expect(editor.commands.keyboardShortcut('Escape')).toBe(true);
    expect(state.get()).toBe(false);
    editor.commands.keyboardShortcut('Mod-Shift-f');
    expect(state.get()).toBe(true);
    editor.commands.keyboardShortcut('Escape');
    expect(state.get()).toBe(false);
    expect(notified).toBe(2);
  });

  it('has a labelled toolbar control with its shortcut', () => {
    expect(fullscreen.toolbar[0]?.shortcut).toBe('Mod-Shift-F');
    expect(fullscreen.i18n.label).toBe('Fullscreen');
  });
});
