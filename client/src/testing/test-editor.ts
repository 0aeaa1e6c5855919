import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import {
  extensionsOf,
  isControl,
  type Capability,
  type CapabilityContext,
  type CapabilitySession,
  type ToolbarButton,
} from '../editor/core/capability';
import { defaultCapabilityContext } from '../editor/core/capability-context';
import { coreExtensions } from '../editor/core/create-editor';

/** The session of one author in a unit test (no socket: no messages, nothing to sync). */
export function testSession(
  name = 'Ann',
  { docId = 'doc-1', canComment = true }: { docId?: string; canComment?: boolean } = {},
): CapabilitySession {
  return {
    docId,
    token: 'tok',
    authorName: () => name,
    author: () => ({ name, color: '#1864ab' }),
    canComment,
    onMessage: () => () => undefined,
    onSynced: () => () => undefined,
  };
}

/** A headless editor like the real one (the model's core + Yjs collaboration), for capability unit tests. */
export function createTestEditor(
  capability?: Capability,
  context: CapabilityContext = defaultCapabilityContext,
): { editor: Editor; doc: Y.Doc } {
  const doc = new Y.Doc();
  const editor = new Editor({
    extensions: [
      ...coreExtensions(doc, false, context.options),
      ...(capability ? extensionsOf(capability, context) : []),
    ],
  });
  return { editor, doc };
}

/** A plain button of the capability's toolbar (controls with their own UI are tested in Playwright). */
export function toolbarItem(capability: Capability, id: string): ToolbarButton {
  const item = capability.toolbar.find((i) => i.id === id);
  if (!item || isControl(item)) throw new Error(`no toolbar button ${id} in ${capability.name}`);
  return item;
}

/** Fills the editor with one paragraph and selects its text. */
export function typeAndSelect(editor: Editor, text: string): void {
  editor.commands.setContent(`<p>${text}</p>`);
  editor.commands.setTextSelection({ from: 1, to: 1 + text.length });
}

/** The editor's HTML without the empty paragraph the trailing node keeps after a block. */
export function htmlOf(editor: Editor): string {
  return editor.getHTML().replace(/<p><\/p>$/, '');
}

/** The shared checks of a mark capability (bold, italic…): toggle, active state, HTML round trip, label. */
export function describeMarkCapability(capability: Capability, itemId: string, tag: string): void {
  describe(`${capability.name} capability`, () => {
    let editor: Editor;
    afterEach(() => editor.destroy());

    it('toggles the mark on the selection and reports it active', () => {
      ({ editor } = createTestEditor(capability));
      const item = toolbarItem(capability, itemId);
      typeAndSelect(editor, 'word');
      expect(item.isActive?.(editor)).toBe(false);
      item.run(editor);
      expect(editor.getHTML()).toBe(`<p><${tag}>word</${tag}></p>`);
      expect(item.isActive?.(editor)).toBe(true);
      item.run(editor);
      expect(editor.getHTML()).toBe('<p>word</p>');
    });

    it('round-trips its HTML', () => {
      ({ editor } = createTestEditor(capability));
      editor.commands.setContent(`<p>a <${tag}>b</${tag}> c</p>`);
      expect(editor.getHTML()).toBe(`<p>a <${tag}>b</${tag}> c</p>`);
    });

    it('has an English label and a shortcut', () => {
      expect(String(capability.i18n.label ?? '').length).toBeGreaterThan(0);
      expect(toolbarItem(capability, itemId).shortcut).toMatch(/^Mod-/);
    });
  });
}

/** The shared checks of a wrapping block capability (lists, quote, code block): toggle and round trip. */
export function describeBlockCapability(capability: Capability, itemId: string, html: string): void {
  describe(`${capability.name} capability`, () => {
    let editor: Editor;
    afterEach(() => editor.destroy());

    it('wraps the paragraph, reports it active, and unwraps it again', () => {
      ({ editor } = createTestEditor(capability));
      const item = toolbarItem(capability, itemId);
      typeAndSelect(editor, 'item');
      item.run(editor);
      expect(htmlOf(editor)).toBe(html);
      expect(item.isActive?.(editor)).toBe(true);
      item.run(editor);
      expect(htmlOf(editor)).toBe('<p>item</p>');
    });

    it('round-trips its HTML', () => {
      ({ editor } = createTestEditor(capability));
      editor.commands.setContent(html);
      expect(htmlOf(editor)).toBe(html);
    });
  });
}
