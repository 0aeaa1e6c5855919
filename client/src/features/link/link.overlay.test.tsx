import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { initI18n, setLanguage } from '../../i18n/setup';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { createTestEditor } from '../../testing/test-editor';
import { isLinkFormDeferred } from './link-events';
import { link } from './index';
import { partComponent } from '../../editor/core/lazy';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** Waits (in act) until `check` holds: the popup's and Radix's chunks arrive as dynamic imports. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

// The link popup is a chunk of its own (a declared part, preload when): Mod-K before it is there must still open the form.
describe('link popup before its chunk is there', () => {
  let root: Root | undefined;
  let editor: Editor | undefined;

  beforeAll(async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    await setLanguage(await initI18n(), 'en');
  });

  afterEach(() => {
    act(() => root?.unmount());
    editor?.destroy();
    document.body.replaceChildren();
  });

  it('Mod-K with no link form mounted fetches the popup, which opens the form with the URL focused', async () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p>Early bird</p>');
    editor.commands.setTextSelection({ from: 7, to: 11 });
    if (!link.Overlay) throw new Error('the link capability has a popup');
    const Overlay = partComponent(link.Overlay);
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const shown = editor;
    act(() => root?.render(<Overlay editor={shown} context={defaultCapabilityContext} />));
    expect(document.querySelector('form.link-form')).toBeNull();

    let handled = false;
    act(() => {
      handled = shown.commands.keyboardShortcut('Mod-k');
    });
    expect(handled).toBe(true);
    await until(() => document.querySelector('form.link-form') !== null);
    const text = [...document.querySelectorAll<HTMLInputElement>('form.link-form input[type="text"]')];
    expect(text.map((input) => input.value)).toEqual(['', 'bird']);
    expect(document.activeElement).toBe(text[0]);
    expect(isLinkFormDeferred(shown)).toBe(false);
  });
});
