import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem, typeAndSelect } from '../../testing/test-editor';
import { subscript } from '../subscript';
import { withTextStyle } from '../text-style/test-support';
import { superscript } from './index';

// The pair is tested together in subscript.test.ts; this covers superscript's own descriptor.
describe('superscript capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('toggles <sup> and is disabled nowhere in plain text', () => {
    editor = createTestEditor(withTextStyle(superscript, subscript)).editor;
    const item = toolbarItem(superscript, 'superscript');
    typeAndSelect(editor, 'th');
    expect(item.isEnabled?.(editor)).toBe(true);
    item.run(editor);
    expect(htmlOf(editor)).toBe('<p><sup>th</sup></p>');
    expect(item.isActive?.(editor)).toBe(true);
  });
});
