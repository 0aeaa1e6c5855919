import { Square } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import * as Y from 'yjs';
import { capabilities } from '../../capabilities';
import type { Capability, InsertItem } from '../../editor/core/capability';
import { coreExtensions } from '../../editor/core/create-editor';
import { englishResource } from '../../i18n/setup';
import { QuickInsertExtension } from './quick-insert.extension';
import { collectInsertItems, filterInsertItems } from './insert-items';

/** English lookup of a dotted key, like i18next would do. */
const english = (key: string): string => {
  let value: unknown = englishResource();
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string' ? value : key;
};
const item = (id: string, labelKey: string, keywords: string[] = []): InsertItem => ({
  id,
  labelKey,
  icon: Square,
  keywords,
  run: () => {},
});
const cap = (name: string, insertItems?: InsertItem[]): Capability => ({
  name,
  extensions: [],
  toolbar: [],
  insertItems,
  i18n: {},
});

describe('collectInsertItems', () => {
  it('gathers the items of every capability in registry order, once per id', () => {
    const a = item('a', 'x.a');
    const b = item('b', 'x.b');
    const items = collectInsertItems([cap('one', [a]), cap('none'), cap('two', [b, item('a', 'x.other')])]);
    expect(items).toEqual([a, b]);
  });

  it('finds the code block and the horizontal line in the real registry', () => {
    const ids = collectInsertItems(capabilities).map((i) => i.id);
    expect(ids).toContain('codeBlock');
    expect(ids).toContain('horizontalRule');
    expect(capabilities.some((c) => c.name === 'quickInsert')).toBe(true);
  });
});

describe('filterInsertItems', () => {
  const items = collectInsertItems(capabilities);
  const ids = (query: string, t = english): string[] => filterInsertItems(items, query, t).map((i) => i.id);

  it('returns everything for an empty query', () => {
    expect(ids('')).toHaveLength(items.length);
  });

  it('matches the translated label, case-insensitively', () => {
    expect(ids('hor')).toEqual(['horizontalRule']);
    expect(ids('CODE B')).toEqual(['codeBlock']);
  });

  it('matches keywords, with or without accents', () => {
    expect(ids('trennlinie')).toEqual(['horizontalRule']);
    const german = filterInsertItems([item('q', 'q.label')], 'einfugen', () => 'Zitat einfügen');
    expect(german.map((i) => i.id)).toEqual(['q']);
  });

  it('ranks label prefixes before matches inside a word', () => {
    const list = [item('inner', 'inner'), item('prefix', 'prefix')];
    const t = (key: string): string => (key === 'inner' ? 'Some table' : 'Table');
    expect(filterInsertItems(list, 'tab', t).map((i) => i.id)).toEqual(['prefix', 'inner']);
  });

  it('returns nothing when nothing matches', () => {
    expect(ids('zzzqqq')).toEqual([]);
  });
});

describe('the / command menu', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  const setup = (): Editor => {
    const element = document.createElement('div');
    document.body.append(element);
    return new Editor({
      element,
      extensions: [
        ...coreExtensions(new Y.Doc()),
        QuickInsertExtension.configure({ items: () => collectInsertItems(capabilities), translate: english }),
      ],
    });
  };
  // Tiptap's focus() lands in the next animation frame: wait for a frame registered after it, then a task.
  const settle = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

  /** The editor with the `/` plugin's code in (it arrives with the first `/` typed or when idle). */
  const loaded = async (): Promise<Editor> => {
    const e = setup();
    await e.storage.quickInsert.loadSlash();
    return e;
  };

  it('opens on / in an empty block, filters, and runs the item without the /text', async () => {
    editor = await loaded();
    const store = editor.storage.quickInsert.slash;
    editor.commands.setContent('<p>before</p><p></p>');
    editor.commands.focus('end');
    editor.commands.insertContent('/');
    await settle();
    expect(store.get().open).toBe(true);
    expect(store.get().items.length).toBe(collectInsertItems(capabilities).length);

    editor.commands.insertContent('hor');
    await settle();
    expect(store.get().items.map((i) => i.id)).toEqual(['horizontalRule']);
    expect(store.keyDown(new KeyboardEvent('keydown', { key: 'Enter' }))).toBe(true);
    await settle();
    expect(editor.getHTML()).toBe('<p>before</p><hr><p></p>');
    expect(store.get().open).toBe(false);
  });

  it('moves the highlight with the arrow keys and shows no items for an unknown filter', async () => {
    editor = await loaded();
    const store = editor.storage.quickInsert.slash;
    editor.commands.setContent('<p>text</p>');
    editor.commands.focus('end');
    editor.commands.insertContent({ type: 'text', text: ' /' });
    await settle();
    expect(store.get().open).toBe(true);
    const count = store.get().items.length;
    store.keyDown(new KeyboardEvent('keydown', { key: 'ArrowUp' }));
    expect(store.get().active).toBe(count - 1);
    store.keyDown(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    expect(store.get().active).toBe(0);
    editor.commands.insertContent('zzzqqq');
    await settle();
    expect(store.get().open).toBe(true);
    expect(store.get().items).toEqual([]);
    // Enter with nothing to choose is left to the editor.
    expect(store.keyDown(new KeyboardEvent('keydown', { key: 'Enter' }))).toBe(false);
  });

  it('does not open inside a word or inside code', async () => {
    editor = await loaded();
    const store = editor.storage.quickInsert.slash;
    editor.commands.setContent('<p>and</p>');
    editor.commands.focus('end');
    editor.commands.insertContent('/');
    await settle();
    expect(store.get().open).toBe(false);
    editor.commands.setContent('<pre><code>x </code></pre>');
    editor.commands.focus(3);
    expect(editor.state.selection.$from.parent.type.name).toBe('codeBlock');
    editor.commands.insertContent('/');
    await settle();
    expect(store.get().open).toBe(false);
  });

  it('opens for a / typed before its code arrived, once the code is there', async () => {
    editor = setup();
    const store = editor.storage.quickInsert.slash;
    expect(editor.storage.quickInsert.slot?.filled).toBe(false);
    editor.commands.setContent('<p></p>');
    editor.commands.insertContent('/');
    (editor.view.dom as HTMLElement).focus();
    await editor.storage.quickInsert.loadSlash();
    await settle();
    expect(store.get().open).toBe(true);
    expect(store.get().items.length).toBe(collectInsertItems(capabilities).length);
  });

  it('holds Enter typed after a /query before the code arrived, then chooses from the menu', async () => {
    editor = setup();
    const store = editor.storage.quickInsert.slash;
    editor.commands.setContent('<p>before</p><p></p>');
    editor.commands.focus('end');
    (editor.view.dom as HTMLElement).focus();
    editor.commands.insertContent('/hor');
    expect(editor.storage.quickInsert.slot?.filled).toBe(false);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    editor.view.dom.dispatchEvent(enter);
    // Not split into a new paragraph: the key waits for the menu.
    expect(enter.defaultPrevented).toBe(true);
    expect(editor.getHTML()).toBe('<p>before</p><p>/hor</p>');
    await editor.storage.quickInsert.loadSlash();
    await settle();
    expect(editor.getHTML()).toBe('<p>before</p><hr><p></p>');
    expect(store.get().open).toBe(false);
  });

  it('lets Enter act as usual where no /query is at the caret', () => {
    editor = setup();
    editor.commands.setContent('<p>a/b</p>');
    editor.commands.focus('end');
    (editor.view.dom as HTMLElement).focus();
    editor.view.dom.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(editor.getHTML()).toBe('<p>a/b</p><p></p>');
  });

  it('stays open when another part registers its plugin (the plugin views are made anew)', async () => {
    editor = await loaded();
    const store = editor.storage.quickInsert.slash;
    editor.commands.setContent('<p></p>');
    editor.commands.focus('end');
    editor.commands.insertContent('/');
    await settle();
    expect(store.get().open).toBe(true);
    editor.registerPlugin(new Plugin({ key: new PluginKey('late'), view: () => ({}) }));
    await settle();
    expect(store.get().open).toBe(true);
    editor.commands.insertContent('hor');
    await settle();
    expect(store.get().items.map((i) => i.id)).toEqual(['horizontalRule']);
    // Escape still reaches the plugin, which closes the menu.
    editor.view.someProp('handleKeyDown', (f) => f(editor.view, new KeyboardEvent('keydown', { key: 'Escape' })));
    await settle();
    expect(store.get().open).toBe(false);
  });
});
