import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { insertImage, selectedImage, updateImage } from './image-commands';
import { image } from './index';

const SRC = 'https://example.com/uploads/abc.png';

describe('image node', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  const firstImageAttrs = (): Record<string, unknown> => {
    let attrs: Record<string, unknown> = {};
    editor.state.doc.descendants((node) => {
      if (node.type.name === 'image') attrs = node.attrs;
    });
    return attrs;
  };

  it('round-trips Froala’s image markup', () => {
    ({ editor } = createTestEditor(image));
    const html = `<p>a<img src="${SRC}" class="fr-fic fr-dib fr-rounded" style="width: 300px;" alt="Logo" data-id="u1">b</p>`;
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
    expect(firstImageAttrs()).toMatchObject({
      src: SRC,
      alt: 'Logo',
      width: '300px',
      align: 'center',
      display: 'block',
      classes: 'fr-rounded',
      caption: null,
      uploadId: 'u1',
    });
  });

  it('reads alignment, display, several style classes and height', () => {
    ({ editor } = createTestEditor(image));
    editor.commands.setContent(
      `<p><img src="${SRC}" class="fr-fir fr-dii fr-shadow fr-bordered fr-draggable" style="width: 50%; height: 120px;"></p>`,
    );
    expect(firstImageAttrs()).toMatchObject({
      align: 'right',
      display: 'inline',
      classes: 'fr-shadow fr-bordered',
      width: '50%',
      height: '120px',
    });
    expect(htmlOf(editor)).toBe(
      `<p><img src="${SRC}" class="fr-fir fr-dii fr-shadow fr-bordered" style="width: 50%; height: 120px;" alt=""></p>`,
    );
    editor.commands.setContent(`<p><img src="${SRC}" class="fr-fil fr-dib"></p>`);
    expect(firstImageAttrs()).toMatchObject({ align: 'left', display: 'block', width: null });
  });

  it('round-trips the caption wrapper', () => {
    ({ editor } = createTestEditor(image));
    const html =
      `<p><span class="fr-img-caption fr-fic fr-dib" style="width: 300px;"><span class="fr-img-wrap">` +
      `<img src="${SRC}" alt="" data-id="u2"><span class="fr-inner">A cat</span></span></span></p>`;
    editor.commands.setContent(html);
    expect(firstImageAttrs()).toMatchObject({ caption: 'A cat', width: '300px', uploadId: 'u2' });
    expect(htmlOf(editor)).toBe(html);
    let count = 0;
    editor.state.doc.descendants((node) => {
      if (node.type.name === 'image') count++;
    });
    expect(count).toBe(1);
  });

  it('accepts relative /uploads/ paths and refuses every other scheme', () => {
    ({ editor } = createTestEditor(image));
    editor.commands.setContent('<p><img src="/uploads/abc.png"></p>');
    expect(firstImageAttrs().src).toBe('/uploads/abc.png');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'blob:https://example.com/1',
      'file:///etc/passwd',
      '//evil.example/x.png',
      'relative.png',
    ]) {
      editor.commands.setContent(`<p>x<img src="${bad}">y</p>`);
      expect(htmlOf(editor), bad).toBe('<p>xy</p>');
    }
  });

  it('never renders a refused src that arrived without parsing (JSON/Yjs)', () => {
    ({ editor } = createTestEditor(image));
    editor.commands.setContent({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'image', attrs: { src: 'javascript:alert(1)' } }] }],
    });
    expect(htmlOf(editor)).not.toContain('javascript:');
  });

  it('inserts with the defaults and updates the selected image', () => {
    ({ editor } = createTestEditor(image));
    editor.commands.setContent('<p>x</p>');
    expect(insertImage(editor, { src: 'data:image/png;base64,AAAA' })).toBe(false);
    expect(insertImage(editor, { src: SRC }, 1)).toBe(true);
    expect(htmlOf(editor)).toBe(`<p><img src="${SRC}" class="fr-fic fr-dib" style="width: 300px;" alt="">x</p>`);
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, 1)));
    expect(selectedImage(editor)?.attrs.src).toBe(SRC);
    expect(updateImage(editor, { align: 'left', caption: 'Hi', width: '120px' })).toBe(true);
    expect(htmlOf(editor)).toContain('class="fr-img-caption fr-fil fr-dib" style="width: 120px;"');
    expect(selectedImage(editor)?.attrs.caption).toBe('Hi');
  });

  it('has a toolbar control in the insert group, a quick-insert item and a shortcut that is not Mod-P', () => {
    const item = image.toolbar.find((i) => i.id === 'insertImage');
    expect(item?.group).toBe('insert');
    expect(item?.shortcut).toBeTruthy();
    expect(item?.shortcut?.toLowerCase()).not.toBe('mod-p');
    expect(image.insertItems?.map((i) => i.id)).toContain('image');
  });
});
