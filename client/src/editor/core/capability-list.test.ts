import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import type { Capability } from './capability';
import { capabilitiesOf, CapabilityList } from './capability-list';
import { coreExtensions } from './create-editor';

const one: Capability = { name: 'one', extensions: [], toolbar: [], i18n: {} };

describe('capability list', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('hands the composition root’s list to whatever holds the editor', () => {
    const list = [one];
    editor = new Editor({ extensions: [...coreExtensions(new Y.Doc()), CapabilityList.configure({ list })] });
    expect(capabilitiesOf(editor)).toBe(list);
  });

  it('is empty for an editor built without it', () => {
    editor = new Editor({ extensions: coreExtensions(new Y.Doc()) });
    expect(capabilitiesOf(editor)).toEqual([]);
  });
});
