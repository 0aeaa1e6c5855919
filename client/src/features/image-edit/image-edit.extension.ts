import { Extension, type Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media-values';
import { chunk } from '../../editor/core/lazy';
import { imageEditStorage, requestImagePopupFocus } from './image-edit-events';

type KeyActions = typeof import('./image-key-actions');

// The keys' code (the same for every editor); once loaded, it answers the next key synchronously.
const keyActions = chunk<KeyActions>(() => import('./image-key-actions'));
/** Fetches the keys' code (done when a picture is first selected); resolves when it is there. */
export const loadImageKeyActions = keyActions.load;

function imageSelected(editor: Editor): boolean {
  const { selection } = editor.state;
  return editor.isEditable && selection instanceof NodeSelection && selection.node.type.name === MediaNodes.image.node;
}

/**
 * Runs `command` only while an image is selected; otherwise the key goes to the other handlers. The
 * commands' code is not in the first load (it is fetched when a picture is first selected): a key
 * pressed before it arrived is kept and runs then, if the selection stayed.
 */
function onImage(editor: Editor, command: (loaded: KeyActions) => boolean): () => boolean {
  return () => {
    if (!imageSelected(editor)) return false;
    const actions = keyActions.loaded();
    if (actions) return command(actions);
    const { selection } = editor.state;
    loadImageKeyActions().then(
      (loaded) => {
        if (!editor.isDestroyed && editor.state.selection.eq(selection)) command(loaded);
      },
      (error: unknown) => console.error('[tandem] the image keys could not be loaded', error),
    );
    return true;
  };
}

/**
 * Keys on a selected image (FROALA-REFERENCE §16): Backspace/Delete remove it, Escape/Tab deselect
 * (caret after), ←/→ caret before/after, Enter a line break before it, Mod-=/Mod-- grow/shrink,
 * Alt+F10 into the edit popup. Higher priority than lists, paragraphs and the upload canceller.
 */
export const ImageEditKeys = Extension.create({
  name: 'imageEditKeys',
  priority: 1000,

  addStorage: imageEditStorage,

  // Fetched when a picture is first selected, so a key on it finds the code there.
  onSelectionUpdate() {
    if (!keyActions.loaded() && imageSelected(this.editor)) void keyActions.preload();
  },

  addKeyboardShortcuts() {
    const { editor } = this;
    const grow = onImage(editor, (a) => a.zoomSelectedImage(editor, 1));
    const shrink = onImage(editor, (a) => a.zoomSelectedImage(editor, -1));
    const after = onImage(editor, (a) => a.caretBesideImage(editor, 'after'));
    const remove = onImage(editor, (a) => a.removeSelectedImage(editor));
    return {
      Backspace: remove,
      Delete: remove,
      Escape: after,
      Tab: after,
      ArrowRight: after,
      ArrowLeft: onImage(editor, (a) => a.caretBesideImage(editor, 'before')),
      Enter: onImage(editor, (a) => a.insertBreakBeforeImage(editor)),
      'Mod-=': grow,
      'Mod-+': grow,
      'Mod--': shrink,
      'Alt-F10': () => imageSelected(editor) && requestImagePopupFocus(editor),
    };
  },
});
