import { dropCursor } from '@tiptap/pm/dropcursor';
import { gapCursor } from '@tiptap/pm/gapcursor';
import type { Plugin } from '@tiptap/pm/state';

/** The drop cursor (where dragged content lands) and the gap cursor (a caret beside a table or an image). */
export const cursorPlugins = (): Plugin[] => [dropCursor({ color: 'currentColor', width: 1 }), gapCursor()];
