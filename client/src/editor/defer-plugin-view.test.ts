import { afterEach, describe, expect, it } from 'vitest';
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { createTestEditor } from './test-editor';
import { deferPluginViewUpdates } from './defer-plugin-view';

const afterPaint = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

describe('deferPluginViewUpdates', () => {
  let destroy = (): void => undefined;
  afterEach(() => destroy());

  it('runs the view update once after the frame, with the state before the first change', async () => {
    const calls: Array<{ prev: EditorState; now: EditorState }> = [];
    let destroyed = 0;
    const plugin = new Plugin({
      key: new PluginKey('probe'),
      view: () => ({
        update: (view, prev) => calls.push({ prev, now: view.state }),
        destroy: () => destroyed++,
      }),
    });
    const Probe = Extension.create({
      name: 'probe',
      addProseMirrorPlugins: () => [deferPluginViewUpdates(plugin)],
    });
    const { editor } = createTestEditor({ name: 'probe', extensions: [Probe], toolbar: [], i18n: {} });
    destroy = () => editor.destroy();
    // Whatever the editor dispatched while starting up settles first.
    await afterPaint();
    calls.length = 0;
    const before = editor.state;
    editor.commands.insertContent('a');
    editor.commands.insertContent('b');
    expect(calls).toHaveLength(0);
    await afterPaint();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.prev).toBe(before);
    expect(calls[0]?.now.doc.textContent).toBe('ab');
    editor.destroy();
    expect(destroyed).toBe(1);
  });
});
