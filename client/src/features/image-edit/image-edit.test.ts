import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { extensionsOf, type Capability } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { coreExtensions } from '../../editor/core/create-editor';
import { createTestEditor } from '../../testing/test-editor';
import { ImageNode } from '../image/image.extension';
import { applyLink } from '../link/link-commands';
import { createLinkExtension } from '../link/link.extension';
import {
  removeSelectedImage,
  selectedImage,
  setImageAlign,
  setImageAlt,
  setImageDisplay,
  setImageSize,
  toggleImageCaption,
  toggleSelectedImageStyle,
  unlinkSelectedImage,
} from './image-edit-commands';
import { ImageEditKeys, loadImageKeyActions } from './image-edit.extension';
import { changedRange, ImageLinkSync } from './image-link-sync';
import { parseImageSize, zoomedSize, zoomStepPercent } from './image-size';
import { toggleImageStyle } from './image-styles';
import { imageEdit } from './index';

const SRC = 'https://example.com/a.png';
const STYLES = ['fr-rounded', 'fr-bordered', 'fr-shadow'];

/** The image node, links and this capability's keys, on the real editor core (Yjs undo). */
const withImage: Capability = {
  ...imageEdit,
  extensions: (context) => [ImageNode, createLinkExtension(context), ImageEditKeys, ImageLinkSync],
};

function press(editor: Editor, key: string, init: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, cancelable: true, ...init });
  return editor.view.someProp('handleKeyDown', (f) => f(editor.view, event)) ?? false;
}

/** `<p>ab[img]cd</p>` with the image selected (it sits at position 3). */
function editorWithImage(
  attrs: Record<string, unknown> = {},
  doc?: { current: Y.Doc },
  capability: Capability = withImage,
): Editor {
  const { editor, doc: ydoc } = createTestEditor(capability);
  if (doc) doc.current = ydoc;
  editor.commands.setContent({
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'ab' },
          { type: 'image', attrs: { src: SRC, width: '300px', ...attrs } },
          { type: 'text', text: 'cd' },
        ],
      },
    ],
  });
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, 3)));
  return editor;
}

// ProseMirror's `Mod` is ⌘ on a Mac and Ctrl elsewhere.
const MOD: KeyboardEventInit = /Mac|iP(hone|[oa]d)/.test(navigator.platform) ? { metaKey: true } : { ctrlKey: true };

const imgAttrs = (editor: Editor) => selectedImage(editor.state)?.attrs;

describe('size rule (FROALA-REFERENCE §16 E2E checklist)', () => {
  it.each([
    ['200', '200px'],
    ['200px', '200px'],
    ['50%', '50%'],
    [' 120 ', '120px'],
    ['10pxpx', '10px'],
    ['abc', null],
    ['auto', null],
    ['', null],
    ['10.5px', null],
    ['10 px', null],
    ['5em', null],
    ['-5px', null],
    ['0', null],
  ])('%j → %j', (input, expected) => {
    expect(parseImageSize(input)).toBe(expected);
  });
});

describe('style toggling', () => {
  it('switches several styles on and off when multiple styles are allowed', () => {
    let classes = toggleImageStyle('', 'fr-rounded', STYLES, true);
    expect(classes).toBe('fr-rounded');
    classes = toggleImageStyle(classes, 'fr-shadow', STYLES, true);
    expect(classes).toBe('fr-rounded fr-shadow');
    expect(toggleImageStyle(classes, 'fr-rounded', STYLES, true)).toBe('fr-shadow');
  });

  it('keeps one style at a time otherwise, and leaves other classes alone', () => {
    expect(toggleImageStyle('custom fr-rounded', 'fr-shadow', STYLES, false)).toBe('custom fr-shadow');
    expect(toggleImageStyle('custom fr-shadow', 'fr-shadow', STYLES, false)).toBe('custom');
  });
});

describe('grow/shrink steps', () => {
  const base = { height: null, renderedPx: 0, containerPx: 0 };

  it('accelerates from 5 % while repeated, up to 25 %', () => {
    expect([0, 1, 2, 3, 4, 9].map(zoomStepPercent)).toEqual([5, 10, 15, 20, 25, 25]);
    expect(zoomedSize({ ...base, width: '300px', direction: 1, repeat: 0 })?.width).toBe('315px');
    expect(zoomedSize({ ...base, width: '300px', direction: 1, repeat: 1 })?.width).toBe('330px');
    expect(zoomedSize({ ...base, width: '300px', direction: -1, repeat: 0 })?.width).toBe('285px');
  });

  it('never goes below the minimum width', () => {
    expect(zoomedSize({ ...base, width: '17px', direction: -1, repeat: 4 })?.width).toBe('16px');
    expect(zoomedSize({ ...base, width: '16px', direction: -1, repeat: 0 })).toBeNull();
    // 16 px of a 400 px line are 4 %.
    expect(zoomedSize({ ...base, width: '4%', direction: -1, repeat: 0, containerPx: 400 })).toBeNull();
  });

  it('keeps percent widths in percent, scales the height with the width, starts from the rendered width', () => {
    expect(zoomedSize({ ...base, width: '50%', direction: 1, repeat: 0 })?.width).toBe('53%');
    expect(zoomedSize({ ...base, width: '100%', direction: 1, repeat: 0 })).toBeNull();
    expect(zoomedSize({ ...base, width: '200px', height: '100px', direction: 1, repeat: 1 })).toEqual({
      width: '220px',
      height: '110px',
    });
    expect(zoomedSize({ ...base, width: null, direction: 1, repeat: 0, renderedPx: 400 })?.width).toBe('420px');
    expect(zoomedSize({ ...base, width: null, direction: 1, repeat: 0 })?.width).toBe('315px');
  });
});

describe('image edit commands', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('aligns, displays, captions, sets alt text and keeps the image selected', () => {
    editor = editorWithImage();
    expect(setImageAlign(editor, 'left')).toBe(true);
    expect(setImageDisplay(editor, 'inline')).toBe(true);
    expect(setImageAlt(editor, 'Logo')).toBe(true);
    expect(editor.getHTML()).toBe(
      `<p>ab<img src="${SRC}" class="fr-fil fr-dii" style="width: 300px;" alt="Logo">cd</p>`,
    );
    expect(toggleImageCaption(editor)).toBe(true);
    expect(imgAttrs(editor)?.caption).toBe('');
    expect(editor.getHTML()).toContain('<span class="fr-img-caption fr-fil fr-dii" style="width: 300px;">');
    expect(toggleImageCaption(editor)).toBe(false);
    expect(imgAttrs(editor)?.caption).toBeNull();
    expect(setImageAlt(editor, '')).toBe(true);
    expect(imgAttrs(editor)?.alt).toBe('');
    expect(selectedImage(editor.state)?.pos).toBe(3);
  });

  it('toggles the configured styles', () => {
    editor = editorWithImage();
    toggleSelectedImageStyle(editor, 'fr-rounded', STYLES, true);
    toggleSelectedImageStyle(editor, 'fr-shadow', STYLES, true);
    expect(imgAttrs(editor)?.classes).toBe('fr-rounded fr-shadow');
    toggleSelectedImageStyle(editor, 'fr-rounded', STYLES, true);
    expect(imgAttrs(editor)?.classes).toBe('fr-shadow');
    toggleSelectedImageStyle(editor, 'fr-bordered', STYLES, false);
    expect(imgAttrs(editor)?.classes).toBe('fr-bordered');
  });

  it('applies the size fields with the baseline rule', () => {
    editor = editorWithImage({ height: '150px' });
    setImageSize(editor, '200', 'auto');
    expect(imgAttrs(editor)).toMatchObject({ width: '200px', height: null });
    setImageSize(editor, '50%', '80px');
    expect(imgAttrs(editor)).toMatchObject({ width: '50%', height: '80px' });
    setImageSize(editor, 'abc', '10.5px');
    expect(imgAttrs(editor)).toMatchObject({ width: null, height: null });
    expect(editor.getHTML()).toBe(`<p>ab<img src="${SRC}" class="fr-fic fr-dib" alt="">cd</p>`);
  });

  it('makes every change one undo step', () => {
    editor = editorWithImage();
    setImageAlign(editor, 'right');
    setImageSize(editor, '120', '');
    toggleSelectedImageStyle(editor, 'fr-rounded', STYLES, true);
    editor.commands.undo();
    expect(imgAttrs(editor)).toMatchObject({ align: 'right', width: '120px', classes: '' });
    editor.commands.undo();
    expect(imgAttrs(editor)).toMatchObject({ align: 'right', width: '300px' });
    removeSelectedImage(editor);
    expect(editor.getHTML()).toBe('<p>abcd</p>');
    editor.commands.undo();
    expect(editor.getHTML()).toContain(`<img src="${SRC}" class="fr-fir fr-dib"`);
  });

  it('links the image itself with the link form, and unlinks it', () => {
    editor = editorWithImage();
    expect(applyLink(editor, { url: 'example.com', text: '', newTab: false }, '', defaultCapabilityContext)).toBeNull();
    expect(editor.getHTML()).toContain(`ab<a href="https://example.com"><img src="${SRC}"`);
    expect(editor.getHTML()).toContain('</a>cd</p>');
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, 3)));
    expect(unlinkSelectedImage(editor)).toBe(true);
    expect(editor.getHTML()).not.toContain('<a');
    expect(selectedImage(editor.state)?.pos).toBe(3);
  });
});

describe('a key on a selected image before its code is there', () => {
  it('is kept, and runs once the code arrived if the image is still selected', async () => {
    vi.resetModules();
    const fresh = await import('./image-edit.extension');
    const editor = editorWithImage({}, undefined, {
      ...withImage,
      extensions: (context) => [ImageNode, createLinkExtension(context), fresh.ImageEditKeys],
    });
    expect(press(editor, 'Escape')).toBe(true);
    expect(editor.state.selection).toBeInstanceOf(NodeSelection);
    await fresh.loadImageKeyActions();
    await new Promise((resolve) => setTimeout(resolve));
    expect(editor.state.selection).toBeInstanceOf(TextSelection);
    expect(editor.state.selection.from).toBe(4);
    editor.destroy();
  });
});

describe('keys on a selected image', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());
  // The keys' code is fetched when a picture is first selected; these tests press keys right away.
  beforeAll(() => loadImageKeyActions());

  it.each(['Backspace', 'Delete'])('%s removes it', (key) => {
    editor = editorWithImage();
    expect(press(editor, key)).toBe(true);
    expect(editor.getHTML()).toBe('<p>abcd</p>');
  });

  it.each([
    ['Escape', 4],
    ['Tab', 4],
    ['ArrowRight', 4],
    ['ArrowLeft', 3],
  ])('%s deselects it and puts the caret at %i', (key, caret) => {
    editor = editorWithImage();
    expect(press(editor, key)).toBe(true);
    const { selection } = editor.state;
    expect(selection).toBeInstanceOf(TextSelection);
    expect([selection.from, selection.to]).toEqual([caret, caret]);
    expect(editor.getHTML()).toContain('<img');
  });

  it('Enter puts a line break before it and keeps it selected', () => {
    editor = editorWithImage();
    expect(press(editor, 'Enter')).toBe(true);
    expect(editor.getHTML()).toMatch(/^<p>ab<br><img [^>]+>cd<\/p>$/);
    expect(selectedImage(editor.state)?.pos).toBe(4);
  });

  it('Mod-= grows it with accelerating steps, Mod-- shrinks it, each one undo step', () => {
    editor = editorWithImage({ height: '200px' });
    expect(press(editor, '=', MOD)).toBe(true);
    expect(imgAttrs(editor)).toMatchObject({ width: '315px', height: '210px' });
    press(editor, '=', MOD);
    expect(imgAttrs(editor)?.width).toBe('347px');
    press(editor, '-', MOD);
    expect(imgAttrs(editor)?.width).toBe('330px');
    editor.commands.undo();
    expect(imgAttrs(editor)?.width).toBe('347px');
  });

  it('leaves the keys alone when no image is selected', () => {
    editor = editorWithImage();
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 2)));
    expect(press(editor, 'Backspace')).toBe(false);
    expect(press(editor, '=', MOD)).toBe(false);
  });
});

describe('link of an image between authors', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

  /** A second editor on a copy of `source`, both kept in sync like through the server. */
  function peerOf(source: Y.Doc, readOnly = false): Editor {
    const doc = new Y.Doc();
    const editor = new Editor({
      extensions: [...coreExtensions(doc, readOnly), ...extensionsOf(withImage, defaultCapabilityContext)],
      editable: !readOnly,
    });
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(source));
    source.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== 'peer') Y.applyUpdate(doc, update, 'peer');
    });
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== 'peer') Y.applyUpdate(source, update, 'peer');
    });
    return editor;
  }

  it('reaches the other author although Yjs keeps no marks on nodes, and goes away with unlink', () => {
    const ydoc = { current: new Y.Doc() };
    const a = editorWithImage({}, ydoc);
    const b = peerOf(ydoc.current);
    const viewer = peerOf(ydoc.current, true);
    editors.push(a, b, viewer);
    expect(b.getHTML()).toContain(`<img src="${SRC}"`);
    applyLink(a, { url: 'example.com', text: '', newTab: true }, '', defaultCapabilityContext);
    expect(b.getHTML()).toContain(`ab<a href="https://example.com" target="_blank" rel="noopener noreferrer"><img`);
    expect(viewer.getHTML()).toContain('ab<a href="https://example.com"');
    // Another author's change to the image (a new node through Yjs) keeps the link too.
    b.view.dispatch(b.state.tr.setSelection(NodeSelection.create(b.state.doc, 3)));
    setImageAlign(b, 'left');
    expect(a.getHTML()).toMatch(/<a [^>]*href="https:\/\/example\.com"[^>]*><img [^>]*class="fr-fil/);
    a.view.dispatch(a.state.tr.setSelection(NodeSelection.create(a.state.doc, 3)));
    unlinkSelectedImage(a);
    expect(b.getHTML()).not.toContain('<a');
    expect(b.getHTML()).toContain('class="fr-fil fr-dib"');
  });

  it('looks only at what a remote change touched, not the whole document', () => {
    const ydoc = { current: new Y.Doc() };
    const a = editorWithImage({}, ydoc);
    const paragraphs = Array.from({ length: 50 }, (_, i) => `<p>line ${i}</p>`).join('');
    a.commands.insertContentAt(a.state.doc.content.size, paragraphs);
    const b = peerOf(ydoc.current);
    editors.push(a, b);
    const before = b.state.doc;
    const end = a.state.doc.content.size;
    a.commands.insertContentAt(end - 1, '!');
    const after = b.state.doc;
    expect(after.textContent).toContain('line 49!');
    // y-prosemirror rebuilds the document from a remote change but keeps the unchanged nodes, so the
    // reconciling pass (which would visit every image) covers the last paragraph only.
    const last = after.content.size - after.lastChild!.nodeSize;
    const range = changedRange(before, after);
    expect(range).not.toBeNull();
    expect(range!.from).toBeGreaterThanOrEqual(last);
    expect(range!.to).toBeLessThanOrEqual(after.content.size);
  });
});
