import { testSession } from '../../testing/test-editor';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { Square } from 'lucide-react';
import * as Y from 'yjs';
import {
  extensionsOf,
  type Capability,
  type CapabilityContext,
  type CapabilitySession,
  type ContextMenuItem,
} from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { CapabilityList } from '../../editor/core/capability-list';
import { coreExtensions } from '../../editor/core/create-editor';
import { comments } from '../comments';
import { link } from '../link';
import { selectAll } from '../select-all';
import { suggestions } from '../suggestions';
import { contextMenu } from '.';
import { pasteFromClipboard } from './clipboard.context-menu';
import { contextMenuOf, onContextMenu, openAtCaret } from './context-menu.extension';
import { contextMenuSections } from './menu-items';

const entry = (id: string, group: ContextMenuItem['group'], extra: Partial<ContextMenuItem> = {}): ContextMenuItem => ({
  id,
  labelKey: `x.${id}`,
  icon: Square,
  group,
  run: () => {},
  ...extra,
});
const cap = (name: string, contextMenu?: ContextMenuItem[]): Capability => ({
  name,
  extensions: [],
  toolbar: [],
  contextMenu,
  i18n: {},
});

describe('contextMenuSections (the contract)', () => {
  const editor = new Editor({ extensions: coreExtensions(new Y.Doc()) });
  afterEach(() => vi.restoreAllMocks());

  it('groups the entries in the groups’ order, sorted by order, the first of an id winning', () => {
    const sections = contextMenuSections(
      [
        cap('a', [entry('selectAll', 'selection'), entry('paste', 'clipboard', { order: 30 })]),
        cap('none'),
        cap('b', [entry('cut', 'clipboard', { order: 10 }), entry('paste', 'annotate'), entry('accept', 'suggestion')]),
      ],
      editor,
    );
    expect(sections.map((s) => [s.group, s.entries.map((e) => e.item.id)])).toEqual([
      ['suggestion', ['accept']],
      ['clipboard', ['cut', 'paste']],
      ['selection', ['selectAll']],
    ]);
  });

  it('leaves out invisible entries and empty groups, greys out disabled ones, survives a throwing entry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sections = contextMenuSections(
      [
        cap('a', [
          entry('hidden', 'suggestion', { isVisible: () => false }),
          entry('off', 'clipboard', { isEnabled: () => false }),
          entry('broken', 'clipboard', {
            isVisible: () => {
              throw new Error('boom');
            },
          }),
        ]),
      ],
      editor,
    );
    expect(sections).toEqual([
      { group: 'clipboard', entries: [{ item: expect.objectContaining({ id: 'off' }), enabled: false }] },
    ]);
    expect(console.error).toHaveBeenCalledOnce();
  });
});

const session = (canComment: boolean): CapabilitySession => testSession('Ann', { canComment });

const list = [link, selectAll, contextMenu, comments, suggestions];

/** A headless editor with the capabilities that contribute entries, as an editor, a commenter or a viewer. */
function editorAs(role: 'editor' | 'commenter' | 'viewer'): Editor {
  const readOnly = role !== 'editor';
  const context: CapabilityContext = { ...defaultCapabilityContext, session: session(role !== 'viewer') };
  // A reader's editor cannot change the text: the shared document gets it from a writer's editor first.
  const doc = new Y.Doc();
  const writer = new Editor({ extensions: coreExtensions(doc) });
  writer.commands.setContent('<p>Hello world</p>');
  writer.destroy();
  const editor = new Editor({
    editable: !readOnly,
    extensions: [
      ...coreExtensions(doc, readOnly, context.options, role === 'commenter'),
      ...list.flatMap((c) => extensionsOf(c, context)),
      CapabilityList.configure({ list }),
    ],
  });
  return editor;
}

/** What the menu would list now: the ids, with `-` before a disabled one. */
const shown = (editor: Editor): string[][] =>
  contextMenuSections(list, editor).map((s) => s.entries.map((e) => (e.enabled ? e.item.id : `-${e.item.id}`)));

const select = (editor: Editor, from: number, to = from): void => {
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, from, to)));
};

describe('the entries the capabilities contribute', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));
  const make = (role: 'editor' | 'commenter' | 'viewer'): Editor => {
    const editor = editorAs(role);
    editors.push(editor);
    return editor;
  };

  it('gives an editor the clipboard, link, comment and select-all entries; those needing a selection wait for one', () => {
    const editor = make('editor');
    select(editor, 3);
    expect(shown(editor)).toEqual([['-cut', '-copy', 'paste'], ['insertLink', '-addComment'], ['selectAll']]);
    select(editor, 1, 6);
    expect(shown(editor)).toEqual([['cut', 'copy', 'paste'], ['insertLink', 'addComment'], ['selectAll']]);
  });

  it('offers "Edit Link" on a link', () => {
    const editor = make('editor');
    editor.commands.setContent('<p><a href="https://example.com">site</a> text</p>');
    select(editor, 2);
    expect(shown(editor)[1]).toEqual(['editLink', '-addComment']);
  });

  it('gives a commenter Copy, Comment and Select all; a viewer only Copy and Select all', () => {
    const commenter = make('commenter');
    select(commenter, 1, 6);
    expect(shown(commenter)).toEqual([['copy'], ['addComment'], ['selectAll']]);
    const viewer = make('viewer');
    select(viewer, 1, 6);
    expect(shown(viewer)).toEqual([['copy'], ['selectAll']]);
  });
});

/** A right click's event at (10, 20), the selection target stubbed where happy-dom has no layout. */
function rightClick(init: MouseEventInit = {}): MouseEvent {
  return new MouseEvent('contextmenu', {
    button: 2,
    clientX: 10,
    clientY: 20,
    cancelable: true,
    bubbles: true,
    ...init,
  });
}

describe('opening the menu', () => {
  const editors: Editor[] = [];
  afterEach(() => {
    editors.splice(0).forEach((e) => e.destroy());
    vi.restoreAllMocks();
  });
  const make = (role: 'editor' | 'viewer' = 'editor'): Editor => {
    const editor = editorAs(role);
    editors.push(editor);
    vi.spyOn(editor.view, 'posAtCoords').mockReturnValue({ pos: 8, inside: -1 });
    vi.spyOn(editor.view, 'coordsAtPos').mockReturnValue({ left: 40, right: 40, top: 50, bottom: 66 });
    return editor;
  };

  it('opens at the pointer on a right click, moving the caret there when it is outside the selection', () => {
    const editor = make();
    select(editor, 1, 3);
    const event = rightClick();
    editor.view.dom.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(contextMenuOf(editor).request.get()).toMatchObject({ x: 10, y: 20, via: 'pointer' });
    expect(contextMenuOf(editor).open.get()).toBe(true);
    expect(editor.state.selection.from).toBe(8);
    expect(editor.state.selection.empty).toBe(true);
  });

  it('keeps the selection when the right click is inside it', () => {
    const editor = make();
    select(editor, 1, 10);
    onContextMenu(editor, rightClick());
    expect([editor.state.selection.from, editor.state.selection.to]).toEqual([1, 10]);
  });

  it('leaves the browser its menu on Ctrl + right click, in a field, on a long press, and when another handler took the click', () => {
    const editor = make();
    const ctrl = rightClick({ ctrlKey: true });
    onContextMenu(editor, ctrl);
    const taken = rightClick();
    taken.preventDefault();
    onContextMenu(editor, taken);
    const input = document.createElement('input');
    editor.view.dom.append(input);
    const inField = rightClick();
    input.dispatchEvent(inField);
    input.remove();
    const touch = new PointerEvent('contextmenu', { pointerType: 'touch', cancelable: true });
    onContextMenu(editor, touch);
    expect(touch.defaultPrevented).toBe(false);
    expect(ctrl.defaultPrevented).toBe(false);
    expect(inField.defaultPrevented).toBe(false);
    expect(contextMenuOf(editor).request.get()).toBeNull();
  });

  it('opens below the caret for the ContextMenu key and Shift+F10, and swallows the browser’s echo of the key', () => {
    const editor = make();
    select(editor, 4);
    expect(editor.commands.keyboardShortcut('Shift-F10')).toBe(true);
    expect(contextMenuOf(editor).request.get()).toMatchObject({ x: 40, y: 66, via: 'keyboard' });
    contextMenuOf(editor).hide();
    expect(openAtCaret(editor)).toBe(true);
    const echo = rightClick({ button: 0 });
    onContextMenu(editor, echo);
    expect(echo.defaultPrevented).toBe(true);
    expect(contextMenuOf(editor).request.get()?.via).toBe('keyboard');
    // A real right click right after opens the menu at the pointer.
    onContextMenu(editor, rightClick());
    expect(contextMenuOf(editor).request.get()?.via).toBe('pointer');
  });

  it('opens for a viewer too (Copy, Select all)', () => {
    const editor = make('viewer');
    onContextMenu(editor, rightClick());
    expect(contextMenuOf(editor).request.get()).not.toBeNull();
  });
});

describe('Paste from the menu', () => {
  afterEach(() => vi.restoreAllMocks());

  it('pastes the clipboard’s HTML through the editor’s paste pipeline', async () => {
    const editor = editorAs('editor');
    select(editor, 7, 12);
    const item = { types: ['text/html'], getType: () => Promise.resolve(new Blob(['<p><strong>there</strong></p>'])) };
    const clipboard = { read: () => Promise.resolve([item]) } as unknown as Clipboard;
    expect(await pasteFromClipboard(editor, clipboard)).toBeNull();
    expect(editor.getHTML()).toContain('Hello <strong>there</strong>');
    editor.destroy();
  });

  it('names the shortcut when the browser refuses to read the clipboard', async () => {
    const editor = editorAs('editor');
    const clipboard = {
      read: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
    } as unknown as Clipboard;
    expect(await pasteFromClipboard(editor, clipboard)).toEqual({
      messageKey: 'contextMenu.pasteRefused',
      shortcut: 'Mod-V',
    });
    expect(await pasteFromClipboard(editor, {} as Clipboard)).toEqual({
      messageKey: 'contextMenu.pasteRefused',
      shortcut: 'Mod-V',
    });
    editor.destroy();
  });
});
