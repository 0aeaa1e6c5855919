import type { Editor } from '@tiptap/core';

/** What a popup is placed against: a box measured when asked, and the element whose changes move it. */
export interface NodeAnchor {
  current: { getBoundingClientRect: () => DOMRect; contextElement?: Element };
}

function nodeElement(editor: Editor, pos: number | null): Element | null {
  if (pos === null) return null;
  try {
    const dom = editor.view.nodeDOM(pos);
    return dom instanceof Element ? dom : null;
  } catch {
    // The view may be mid-update (remote change).
    return null;
  }
}

/**
 * The popup anchor of the node at `pos` (a selected image, video or form control). The node's element is
 * watched too, so the popup moves when it changes size or is drawn again (a picture loading, the node's
 * full view arriving), not only when the popup re-renders.
 */
export function nodeAnchor(editor: Editor, pos: number | null): NodeAnchor {
  return {
    current: {
      getBoundingClientRect: () => nodeElement(editor, pos)?.getBoundingClientRect() ?? new DOMRect(),
      contextElement: nodeElement(editor, pos) ?? undefined,
    },
  };
}
