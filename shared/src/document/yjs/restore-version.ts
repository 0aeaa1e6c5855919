import { updateYFragment } from '@tiptap/y-tiptap';
import type { Node as PmNode } from '@tiptap/pm/model';
import type * as Y from 'yjs';
import { YDocKeys } from './ydoc-keys';

/**
 * Restores a version (issue 13): one Y transaction that turns the document's content into `version` with a
 * minimal change (y-tiptap's own diff keeps every block and text it can, so others' edits in untouched places
 * survive) and sets the title. `origin` is the transaction's origin: in the editor `ySyncPluginKey`, so the
 * editor's undo manager records the restore as one step.
 */
export function restoreVersion(ydoc: Y.Doc, version: PmNode, title: string | null, origin: unknown): void {
  if (version.type.name !== version.type.schema.topNodeType.name) throw new Error('restoreVersion: not a document');
  ydoc.transact(() => {
    updateYFragment(ydoc, ydoc.getXmlFragment(YDocKeys.content), version, { mapping: new Map(), isOMark: new Map() });
    if (title === null) return;
    const meta = ydoc.getMap<unknown>(YDocKeys.meta);
    if (meta.get(YDocKeys.titleKey) !== title) meta.set(YDocKeys.titleKey, title);
  }, origin);
}
