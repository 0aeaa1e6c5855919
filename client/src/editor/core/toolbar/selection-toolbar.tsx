import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { Lazy, preloadPart, type LazyPart } from '../lazy';
import { PointerGesture } from './pointer-gesture';

/** A range is selected: the bubble may be about to show, so its code is fetched at once. */
const hasRange = (editor: Editor): boolean => !editor.state.selection.empty;

// The bubble and Floating UI are not needed for the first paint: fetched when idle or on the first selection.
const selectionMenu: LazyPart<{ editor: Editor; gesture: PointerGesture }> = {
  ui: () => import('./selection-toolbar.menu'),
  preload: { when: hasRange },
};

/**
 * The floating toolbar beside a text selection made with the mouse (a keyboard user already has the
 * toolbar one Alt+F10 away). It hides as soon as the selection changes in any other way. The mouse
 * gesture is watched here, from the start, so a selection made before the bubble's code arrived still
 * gets its bubble.
 */
export function SelectionToolbar({ editor }: { editor: Editor }) {
  const [gesture] = useState(() => new PointerGesture());
  useEffect(() => {
    const dom = editor.view.dom;
    let pressed = false;
    const onDown = (): void => {
      pressed = true;
      gesture.start();
      // A press may become a selection: get the bubble's code on its way.
      void preloadPart(selectionMenu);
    };
    const onUp = (): void => {
      if (!pressed) return;
      pressed = false;
      // After the browser and ProseMirror have turned the gesture into a selection.
      setTimeout(() => {
        if (editor.isDestroyed) return;
        const { from, to } = editor.state.selection;
        gesture.end(from === to ? null : { from, to });
      }, 0);
    };
    dom.addEventListener('pointerdown', onDown);
    document.addEventListener('pointerup', onUp);
    return () => {
      dom.removeEventListener('pointerdown', onDown);
      document.removeEventListener('pointerup', onUp);
    };
  }, [editor, gesture]);
  return <Lazy part={selectionMenu} editor={editor} gesture={gesture} />;
}
