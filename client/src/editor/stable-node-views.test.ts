import { afterEach, describe, expect, it } from 'vitest';
import { image } from '../features/image';
import { createTestEditor } from './test-editor';

describe('StableNodeViews', () => {
  let destroy = (): void => undefined;
  afterEach(() => destroy());

  it('keeps the drawn document when EditorContent asks for the node views again on mount', () => {
    const { editor } = createTestEditor(image);
    destroy = () => editor.destroy();
    editor.commands.setContent('<p>before</p><p><img src="https://example.com/a.png"></p><p>after</p>');
    const drawn = [...editor.view.dom.children];
    expect(drawn).toHaveLength(3);
    expect(editor.view.dom.querySelector('img')).not.toBeNull();

    editor.createNodeViews(); // what @tiptap/react's EditorContent does when it mounts

    expect([...editor.view.dom.children]).toEqual(drawn);
    drawn.forEach((element, i) => expect(editor.view.dom.children[i]).toBe(element));
  });
});
