import { afterEach, describe, expect, it } from 'vitest';
import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { createTestEditor } from '../../testing/test-editor';
import { deferPluginViewUpdates } from './defer-plugin-view';

const afterPaint = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

/** An editor whose probe plugin's view records when its deferred update ran (at most every 100 ms). */
async function throttledProbe(name: string): Promise<{ editor: Editor; runs: number[] }> {
  const runs: number[] = [];
  const plugin = new Plugin({
    key: new PluginKey(name),
    view: () => ({ update: () => void runs.push(performance.now()) }),
  });
  const Probe = Extension.create({ name, addProseMirrorPlugins: () => [deferPluginViewUpdates(plugin, 100)] });
  const { editor } = createTestEditor({ name, extensions: [Probe], toolbar: [], i18n: {} });
  await afterPaint();
  // Past the interval of whatever ran while the editor started.
  await new Promise((resolve) => setTimeout(resolve, 120));
  runs.length = 0;
  return { editor, runs };
}

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

  it('while changes keep coming, runs at most once per interval, and at once after a pause', async () => {
    const { editor, runs } = await throttledProbe('throttled');
    destroy = () => editor.destroy();
    editor.commands.insertContent('a');
    await afterPaint();
    expect(runs).toHaveLength(1); // after a pause: right after the frame
    editor.commands.insertContent('b');
    await afterPaint();
    expect(runs).toHaveLength(1); // too soon: waits for the interval
    await expect.poll(() => runs.length, { timeout: 1000, interval: 10 }).toBe(2);
    // Held back for the interval, not just to the next frame (whole-millisecond timers may fire a little early).
    expect((runs[1] ?? 0) - (runs[0] ?? 0)).toBeGreaterThan(50);
  });

  it('hands an update still waiting to the next view when the plugin views are re-created', async () => {
    const calls: string[] = [];
    const plugin = new Plugin({
      key: new PluginKey('carried'),
      view: () => ({ update: (view) => void calls.push(view.state.doc.textContent) }),
    });
    const Probe = Extension.create({
      name: 'carried',
      addProseMirrorPlugins: () => [deferPluginViewUpdates(plugin)],
    });
    const { editor } = createTestEditor({ name: 'carried', extensions: [Probe], toolbar: [], i18n: {} });
    destroy = () => editor.destroy();
    await afterPaint();
    calls.length = 0;
    editor.commands.insertContent('x');
    // A part registers its plugin before the deferred update ran: every plugin view is made anew.
    editor.registerPlugin(new Plugin({ key: new PluginKey('late') }));
    await afterPaint();
    expect(calls).toEqual(['x']);
  });

  it('keeps the interval when the plugin views are re-created between two runs', async () => {
    const { editor, runs } = await throttledProbe('kept');
    destroy = () => editor.destroy();
    editor.commands.insertContent('a');
    await afterPaint();
    expect(runs).toHaveLength(1);
    editor.registerPlugin(new Plugin({ key: new PluginKey('late-too') }));
    editor.commands.insertContent('b');
    await afterPaint();
    expect(runs).toHaveLength(1); // the new view still waits for the interval
    await expect.poll(() => runs.length, { timeout: 1000, interval: 10 }).toBe(2);
  });
});
