import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { file } from './index';
import { isSafeFileHref } from '@shared/document/model/file-model';
import { fileIconKind } from './file-icons';

describe('file icons and links', () => {
  it('picks the icon family from the type, else the name', () => {
    expect(fileIconKind('application/pdf', 'x')).toBe('pdf');
    expect(fileIconKind('image/png', 'x')).toBe('image');
    expect(fileIconKind('audio/mpeg', 'x')).toBe('audio');
    expect(fileIconKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'x')).toBe('sheet');
    expect(fileIconKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x')).toBe('doc');
    expect(fileIconKind('application/zip', 'x')).toBe('archive');
    expect(fileIconKind('', 'notes.md')).toBe('text');
    expect(fileIconKind('application/octet-stream', 'blob')).toBe('other');
  });

  it('accepts only web addresses', () => {
    expect(isSafeFileHref('https://h/uploads/a.pdf')).toBe(true);
    expect(isSafeFileHref('/uploads/a.pdf')).toBe(true);
    expect(isSafeFileHref('javascript:alert(1)')).toBe(false);
    expect(isSafeFileHref('data:text/html,x')).toBe(false);
    expect(isSafeFileHref('blob:https://h/1')).toBe(false);
  });
});

describe('file node', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  const html =
    '<p>See <a href="https://h/uploads/abc.pdf" class="fr-file" data-size="1536" data-type="application/pdf" data-id="u1">report.pdf</a> now</p>';

  it('round-trips the baseline HTML as an inline atom', () => {
    ({ editor } = createTestEditor(file));
    editor.commands.setContent(html);
    const node = editor.state.doc.firstChild?.child(1);
    expect(node?.type.name).toBe('file');
    expect(node?.attrs).toEqual({
      href: 'https://h/uploads/abc.pdf',
      name: 'report.pdf',
      size: 1536,
      mime: 'application/pdf',
      uploadId: 'u1',
    });
    expect(htmlOf(editor)).toBe(html);
  });

  it('does not turn an unsafe link into a file', () => {
    ({ editor } = createTestEditor(file));
    editor.commands.setContent('<p><a href="javascript:alert(1)" class="fr-file" data-size="1">x</a></p>');
    let found = false;
    editor.state.doc.descendants((n) => {
      if (n.type.name === 'file') found = true;
    });
    expect(found).toBe(false);
  });

  it('inserts a file at the caret with insertFile', () => {
    ({ editor } = createTestEditor(file));
    editor.commands.setContent('<p>ab</p>');
    editor.commands.setTextSelection(2);
    editor.commands.insertFile({
      href: 'https://h/uploads/x.txt',
      name: 'x.txt',
      size: 3,
      mime: 'text/plain',
      uploadId: null,
    });
    expect(htmlOf(editor)).toBe(
      '<p>a<a href="https://h/uploads/x.txt" class="fr-file" data-size="3" data-type="text/plain">x.txt</a>b</p>',
    );
  });
});
