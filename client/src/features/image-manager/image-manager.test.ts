import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor } from '../../testing/test-editor';
import { image } from '../image';
import { insertManagerImage, selectedImagePos } from './insert-image';
import { Errors, ErrorCodes } from '@shared/errors';
import {
  columnsFor,
  imageManagerErrorCode,
  normalizeItems,
  placeInColumns,
  splitTags,
  tagsOf,
} from './image-manager.data';

describe('image manager columns', () => {
  it('uses 2 below 768 px, 3 below 1200 px, else 4', () => {
    expect(columnsFor(320)).toBe(2);
    expect(columnsFor(700)).toBe(2);
    expect(columnsFor(767)).toBe(2);
    expect(columnsFor(768)).toBe(3);
    expect(columnsFor(1000)).toBe(3);
    expect(columnsFor(1199)).toBe(3);
    expect(columnsFor(1200)).toBe(4);
    expect(columnsFor(2560)).toBe(4);
  });

  it('puts each new item into the currently shortest column', () => {
    const heights: Record<string, number> = { a: 2, b: 1, c: 1, d: 1, e: 1 };
    const cols = placeInColumns(['a', 'b', 'c', 'd', 'e'], 3, (x) => heights[x] ?? 1);
    // a→0 (2), b→1 (1), c→2 (1), d→1 (tie of 1 and 2: leftmost), e→2.
    expect(cols).toEqual([['a'], ['b', 'd'], ['c', 'e']]);
    // Appending keeps earlier placements (stable masonry).
    const more = placeInColumns(['a', 'b', 'c', 'd', 'e', 'f'], 3, (x) => heights[x] ?? 1);
    cols.forEach((col, i) => expect(more[i]?.slice(0, col.length)).toEqual(col));
    expect(placeInColumns([], 4, () => 1)).toEqual([[], [], [], []]);
  });
});

describe('image manager error codes', () => {
  it('maps every baseline image-manager number to its code', () => {
    const expected = {
      10: 'IMAGE_MANAGER_BAD_LINK',
      11: 'IMAGE_MANAGER_LOAD_FAILED',
      12: 'IMAGE_MANAGER_NO_LOAD_URL',
      13: 'IMAGE_MANAGER_BAD_RESPONSE',
      14: 'IMAGE_MANAGER_NO_THUMB',
      15: 'IMAGE_MANAGER_NO_URL',
      21: 'IMAGE_MANAGER_DELETE_FAILED',
      22: 'IMAGE_MANAGER_NO_DELETE_URL',
    } as const;
    for (const [n, code] of Object.entries(expected)) {
      expect(imageManagerErrorCode(Number(n))).toBe(code);
    }
    // Every image-manager code of the catalogue is covered by the mapping.
    const managerCodes = ErrorCodes.filter((c) => {
      const spec = Errors[c];
      return 'baseline' in spec && spec.baseline.group === 'imageManager';
    });
    expect(managerCodes.sort()).toEqual(Object.values(expected).sort());
    expect(imageManagerErrorCode(99)).toBeNull();
  });
});

describe('image manager load response', () => {
  it('refuses a non-array answer (13)', () => {
    expect(normalizeItems({ url: 'x' })).toEqual({ error: 'IMAGE_MANAGER_BAD_RESPONSE' });
    expect(normalizeItems(null)).toEqual({ error: 'IMAGE_MANAGER_BAD_RESPONSE' });
  });

  it('uses url for a missing thumb (14) and drops items without url (15)', () => {
    const result = normalizeItems([
      {
        url: 'https://h/u/a.png',
        thumb: 'https://h/u/a.webp',
        tag: 'cats, dogs',
        name: 'a.png',
        id: 'A',
        width: 40,
        height: 30,
      },
      { url: 'https://h/u/b.png', tag: '', name: 'b.png', id: 'B' },
      { thumb: 'https://h/u/c.webp', name: 'c.png', id: 'C' },
      'garbage',
    ]);
    if ('error' in result) throw new Error('unexpected');
    expect(result.items.map((i) => i.id)).toEqual(['A', 'B']);
    expect(result.items[0]).toMatchObject({
      thumb: 'https://h/u/a.webp',
      tags: ['cats', 'dogs'],
      width: 40,
      height: 30,
    });
    expect(result.items[1]).toMatchObject({ thumb: 'https://h/u/b.png', tags: [] });
    expect(result.notices).toEqual(['IMAGE_MANAGER_NO_THUMB', 'IMAGE_MANAGER_NO_URL', 'IMAGE_MANAGER_NO_URL']);
  });

  it('splits tag lists and collects used tags once', () => {
    expect(splitTags(' a, b,,a ,')).toEqual(['a', 'b']);
    const result = normalizeItems([
      { url: 'u1', thumb: 't1', tag: 'x,y', name: '', id: '1' },
      { url: 'u2', thumb: 't2', tag: 'y, z', name: '', id: '2' },
    ]);
    if ('error' in result) throw new Error('unexpected');
    expect(tagsOf(result.items)).toEqual(['x', 'y', 'z']);
  });
});

describe('image manager insert', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());
  const picked = {
    id: 'U2',
    url: 'https://h/uploads/b.png',
    thumb: 'https://h/uploads/b.webp',
    tag: '',
    tags: [],
    name: 'b.png',
  };

  it('inserts a 300 px centred block image at the caret', () => {
    ({ editor } = createTestEditor(image));
    editor.commands.setContent('<p>ab</p>');
    editor.commands.setTextSelection(2);
    expect(insertManagerImage(editor, picked, null)).toBe(true);
    const node = editor.state.doc.firstChild?.child(1);
    expect(node?.type.name).toBe('image');
    expect(node?.attrs).toMatchObject({
      src: picked.url,
      alt: 'b.png',
      width: '300px',
      align: 'center',
      display: 'block',
      uploadId: 'U2',
    });
  });

  it('replaces the selected image keeping its size, alignment and classes', () => {
    ({ editor } = createTestEditor(image));
    editor.commands.setContent(
      '<p>x<img src="https://h/uploads/a.png" class="fr-fil fr-dii fr-rounded" style="width: 120px;" alt="a" data-id="U1">y</p>',
    );
    editor.commands.setNodeSelection(2);
    const pos = selectedImagePos(editor);
    expect(pos).toBe(2);
    expect(insertManagerImage(editor, picked, pos)).toBe(true);
    const images: Record<string, unknown>[] = [];
    editor.state.doc.descendants((n) => {
      if (n.type.name === 'image') images.push(n.attrs);
    });
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({
      src: picked.url,
      alt: 'b.png',
      uploadId: 'U2',
      width: '120px',
      align: 'left',
      display: 'inline',
      classes: 'fr-rounded',
    });
  });
});
