import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { commentMarkType } from '@shared/document/model/comment-model';
import { anchorsOf } from './comment-anchors';
import type { CommentsState } from './comments-extension';

// One character per inline leaf (an image, a hard break), so an offset in a block's text is a position.
const LEAF = '\ufffc';

/**
 * `doc` (a version about to be restored) with the anchors of this editor's threads put back where their quoted
 * text still is: a thread opened after that version, or whose anchor the version lacks, is anchored again on
 * the first block holding its quote; the others stay orphaned. Threads live on the server, so a restore never
 * takes one away. One walk per restore, never per keystroke.
 */
export function relinkedAnchors(editor: Editor, doc: PmNode): PmNode {
  const storage = (editor.storage as unknown as Record<string, { state?: CommentsState } | undefined>).comment;
  const type = commentMarkType(doc.type.schema);
  if (!storage?.state || !type) return doc;
  const anchored = anchorsOf(doc, type);
  const missing = [...storage.state.data.threads.get().values()].filter(
    (thread) => !thread.resolved && !anchored.has(thread.id) && thread.quote.trim() !== '',
  );
  if (missing.length === 0) return doc;
  const blocks: Array<{ start: number; text: string }> = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    const start = pos + 1;
    blocks.push({ start, text: doc.textBetween(start, start + node.content.size, undefined, LEAF) });
    return false;
  });
  const tr = new Transform(doc);
  for (const thread of missing) {
    for (const block of blocks) {
      const index = block.text.indexOf(thread.quote);
      if (index < 0) continue;
      const from = block.start + index;
      tr.addMark(from, from + thread.quote.length, type.create({ thread: thread.id }));
      break;
    }
  }
  return tr.doc;
}
