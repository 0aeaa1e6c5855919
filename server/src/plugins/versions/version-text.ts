import type { Schema } from '@tiptap/pm/model';
import { documentText, proseMirrorDocOf } from '../../domain/ydoc/read-document';

// What recording a version reads from a state: Tiptap, y-tiptap and jsdiff. The recorder loads this module
// at its first recording, not at start (issue 29, memory at rest).

export { textChanges } from './text-changes';

/** The plain text of a Y.Doc state, as the editor's `getText()` gives it (the version's size and diff). */
export function stateText(state: Uint8Array, schema: Schema): string {
  return documentText(proseMirrorDocOf(state, schema).doc);
}
