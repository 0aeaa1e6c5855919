import { Maximize2, Minimize2 } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEffect } from 'react';
import { useStore } from '../../lib/store';
import type { EditorUiProps, ToolbarControlProps } from '../../editor/core/capability';
import './fullscreen.css';

/** The toggle button; its pressed state follows the shared fullscreen state (also set by shortcuts). */
export function FullscreenButton({ editor, trigger }: ToolbarControlProps) {
  const state = editor.storage.fullscreen.state;
  const on = useStore(state);
  return (
    <button
      {...trigger}
      type="button"
      aria-pressed={on}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => state.set(!on)}
      onKeyDown={(e) => {
        // Escape on the button leaves too (the editor's own Escape covers the text).
        if (e.key === 'Escape' && on) {
          e.preventDefault();
          state.set(false);
          return;
        }
        trigger.onKeyDown(e);
      }}
    >
      <Icon of={on ? Minimize2 : Maximize2} />
    </button>
  );
}

/**
 * Applies the state: a class on the editor shell (fixed over the viewport) and on <body> (no page
 * scrolling behind it); the page's scroll position is restored when leaving.
 */
export function FullscreenOverlay({ editor }: EditorUiProps) {
  const state = editor.storage.fullscreen.state;
  const on = useStore(state);
  useEffect(() => {
    const shell = editor.view.dom.closest('.editor-shell');
    if (!on || !shell) return undefined;
    const { scrollX, scrollY } = window;
    shell.classList.add('is-fullscreen');
    document.body.classList.add('has-fullscreen-editor');
    return () => {
      shell.classList.remove('is-fullscreen');
      document.body.classList.remove('has-fullscreen-editor');
      window.scrollTo(scrollX, scrollY);
    };
  }, [editor, on]);
  // Leaving the page (or the editor being replaced) must not leave the body locked.
  useEffect(() => () => state.set(false), [state]);
  return null;
}
