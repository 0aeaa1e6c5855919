import { useEffect } from 'react';
import type { Editor } from '@tiptap/core';
import type { CapabilityContext } from '../capability';
import { capabilitiesOf } from '../capability-list';
import { Lazy, preloadPart, type LazyPart } from '../lazy';
import { leaveFocusRequest, onContextToolbarFocusFallback } from './context-toolbar-focus';

/** Node types that have a context toolbar (a table's). */
function contextNodeTypes(editor: Editor): Set<string> {
  return new Set(
    capabilitiesOf(editor)
      .flatMap((c) => c.contextToolbars ?? [])
      .map((toolbar) => toolbar.nodeType),
  );
}

/** Whether the selection is inside a node with a context toolbar (cheap: a walk up from the caret). */
export function inContextNode(editor: Editor): boolean {
  if (!editor.isEditable) return false;
  const { $from } = editor.state.selection;
  if ($from.depth === 0) return false;
  const nodeTypes = contextNodeTypes(editor);
  for (let d = $from.depth; d > 0; d--) if (nodeTypes.has($from.node(d).type.name)) return true;
  return false;
}

// The positioned toolbars (and Floating UI) are not needed for the first paint: fetched when idle, or
// at once when the selection first enters a node with a context toolbar.
const positioned: LazyPart<{ editor: Editor; context: CapabilityContext }> = {
  ui: () => import('./context-toolbar.view'),
  preload: { when: inContextNode },
};

/** Every context toolbar of the capabilities, each shown while the selection is in its node type. */
export function ContextToolbars({ editor, context }: { editor: Editor; context: CapabilityContext }) {
  useEffect(
    () =>
      // Alt+F10 before the toolbars' code arrived: the toolbar takes the focus as soon as it is there.
      onContextToolbarFocusFallback(editor, () => {
        if (!inContextNode(editor)) return false;
        leaveFocusRequest(editor);
        void preloadPart(positioned);
        return true;
      }),
    [editor],
  );
  if (contextNodeTypes(editor).size === 0) return null;
  return <Lazy part={positioned} editor={editor} context={context} />;
}
