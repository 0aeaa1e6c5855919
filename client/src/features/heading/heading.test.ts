import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { heading } from './index';

describe('heading capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it.each([1, 2, 3, 4])('turns a paragraph into heading %i and back', (level) => {
    ({ editor } = createTestEditor(heading));
    typeAndSelect(editor, 'Title');
    toolbarItem(heading, `h${level}`).run(editor);
    expect(htmlOf(editor)).toBe(`<h${level}>Title</h${level}>`);
    expect(toolbarItem(heading, `h${level}`).isActive?.(editor)).toBe(true);
    toolbarItem(heading, 'paragraph').run(editor);
    expect(htmlOf(editor)).toBe('<p>Title</p>');
  });
});
