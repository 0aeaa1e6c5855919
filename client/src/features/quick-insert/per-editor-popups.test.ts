import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { extensionsOf, type Capability } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { coreExtensions } from '../../editor/core/create-editor';
import { emoticons } from '../emoticons';
import { file } from '../file';
import { filesManager } from '../files-manager';
import { image } from '../image';
import { imageManager, openImageManager } from '../image-manager';
import { specialCharacters } from '../special-characters';
import { video } from '../video';

const popups: [Capability, string, (editor: Editor) => boolean][] = [
  [image, 'image', (e) => e.storage.imageInsertPopup.open.get()],
  [video, 'insertVideo', (e) => e.storage.videoInsertPopup.open.get()],
  [file, 'insertFile', (e) => e.storage.fileUploadPopup.open.get()],
  [emoticons, 'emoticons', (e) => e.storage.emoticonsPicker.open.get()],
  [specialCharacters, 'specialCharacters', (e) => e.storage.specialCharactersPicker.open.get()],
  [filesManager, 'insertFiles', (e) => e.storage.filesManager.open.get()],
  [imageManager, 'imageManager', (e) => e.storage.imageManager.open.get()],
];

const makeEditor = (): Editor =>
  new Editor({
    extensions: [
      ...coreExtensions(new Y.Doc()),
      ...popups.flatMap(([capability]) => extensionsOf(capability, defaultCapabilityContext)),
    ],
  });

describe('popup open flags', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

  it.each(popups)('%s: the insert entry opens the popup of its own editor only', (capability, id, isOpen) => {
    const [a, b] = [makeEditor(), makeEditor()];
    editors.push(a, b);
    const item = capability.insertItems?.find((i) => i.id === id);
    expect(item).toBeDefined();
    item?.run(a);
    expect(isOpen(a)).toBe(true);
    expect(isOpen(b)).toBe(false);
  });

  it('the image to replace is remembered per editor', () => {
    const [a, b] = [makeEditor(), makeEditor()];
    editors.push(a, b);
    openImageManager(a, { replacePos: 3 });
    openImageManager(b);
    expect(a.storage.imageManager.replacePos).toBe(3);
    expect(b.storage.imageManager.replacePos).toBeUndefined();
  });

  it('opening the image manager in an editor without it does nothing', () => {
    const editor = new Editor({ extensions: coreExtensions(new Y.Doc()) });
    editors.push(editor);
    expect(() => openImageManager(editor)).not.toThrow();
  });
});
