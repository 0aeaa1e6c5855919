import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { Bell } from 'lucide-react';
import * as Y from 'yjs';
import { extensionsOf, type Capability } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { CapabilityList } from '../../editor/core/capability-list';
import { coreExtensions } from '../../editor/core/create-editor';
import { partComponent } from '../../editor/core/lazy';
import { initI18n, setLanguage } from '../../i18n/setup';
import { useReactRoot } from '../../testing/react-root';
import { selectAll } from '../select-all';
import { contextMenu } from '.';
import { contextMenuOf } from './context-menu.extension';

/** Waits (in act) until `check` holds: the menu's chunk arrives as a dynamic import. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

const ring = vi.fn();
/** A capability whose entry leaves a notice, as Paste does when the clipboard cannot be read. */
const bell: Capability = {
  name: 'bell',
  extensions: [],
  toolbar: [],
  i18n: {},
  contextMenu: [
    {
      id: 'ring',
      labelKey: 'contextMenu.paste',
      icon: Bell,
      group: 'annotate',
      run: (editor, notify) => {
        ring(editor.view.hasFocus());
        notify({ messageKey: 'contextMenu.pasteRefused', shortcut: 'Mod-V' });
      },
    },
  ],
};

const list = [contextMenu, selectAll, bell];
const menu = (): HTMLElement | null => document.querySelector('.context-menu[role="menu"]');
const items = (): string[] =>
  [...document.querySelectorAll('.context-menu [role="menuitem"]')].map((item) => item.textContent ?? '');

describe('the context menu', () => {
  const { render, unmount } = useReactRoot();
  let editor: Editor | undefined;

  beforeAll(async () => {
    await setLanguage(await initI18n(), 'en');
  });

  afterEach(() => {
    // The menu first: it reads the editor's storage while it unmounts.
    unmount();
    editor?.destroy();
    editor = undefined;
  });

  function open(): Editor {
    const shown = new Editor({
      element: document.body.appendChild(document.createElement('div')),
      extensions: [
        ...coreExtensions(new Y.Doc()),
        ...list.flatMap((c) => extensionsOf(c, defaultCapabilityContext)),
        CapabilityList.configure({ list }),
      ],
    });
    shown.commands.setContent('<p>Hello world</p>');
    if (!contextMenu.Overlay) throw new Error('the context menu has an overlay');
    const Overlay = partComponent(contextMenu.Overlay);
    render(<Overlay editor={shown} context={defaultCapabilityContext} />);
    act(() => contextMenuOf(shown).show(10, 20, 'pointer'));
    editor = shown;
    return shown;
  }

  it('lists the contributed entries with their shortcuts, in groups', async () => {
    open();
    await until(() => menu() !== null);
    expect(menu()?.getAttribute('aria-label')).toBe('Context menu');
    expect(items()).toEqual(['CutCtrl+X', 'CopyCtrl+C', 'PasteCtrl+V', 'Paste', 'Select AllCtrl+A']);
    expect(document.querySelectorAll('.context-menu [role="separator"]')).toHaveLength(2);
  });

  it('closes, gives the editor the focus, then runs the entry; its notice shows in a live region', async () => {
    const shown = open();
    await until(() => menu() !== null);
    const entry = document.querySelector<HTMLElement>('.context-menu [data-entry="ring"]');
    act(() => entry?.click());
    expect(ring).toHaveBeenCalledWith(true);
    await until(() => menu() === null);
    expect(contextMenuOf(shown).open.get()).toBe(false);
    expect(document.querySelector('[role="status"].context-menu-live')?.textContent).toContain(
      'Your browser does not let Tandem read the clipboard. Use Ctrl+V to paste.',
    );
  });

  it('Escape closes it and the text has the focus again', async () => {
    const shown = open();
    await until(() => menu() !== null);
    act(() => {
      menu()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await until(() => menu() === null);
    await until(() => shown.view.hasFocus());
    expect(contextMenuOf(shown).request.get()).toBeNull();
  });
});
