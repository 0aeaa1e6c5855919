import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { commentMarkType, CommentObjects, commentThreadsValue } from '@shared/document/model/comment-model';
import { anchorsOf, objectThreads } from './comment-anchors';
import type { CommentsState } from './comments-extension';

// One character per inline leaf (an image, a hard break), so an offset in a block's text is a position.
const LEAF = '\ufffc';

/** What identifies an object across versions: its type and address (an image, a video) or text (a cell). */
function objectKey(node: PmNode): string {
  const src: unknown = node.attrs.src;
  return `${node.type.name}|${node.isInline ? String(src) : node.textContent}`;
}

/**
 * Threads anchored on objects (images, videos, cells) in `current` that `doc` lacks, put on the objects of
 * `doc` with the same address (or, for cells, the same text), each object once per thread; returns the
 * threads that were on objects (relinked or not: an object's quote is no text to look for).
 */
function relinkObjects(current: PmNode, doc: PmNode, missing: ReadonlySet<string>, tr: Transform): Set<string> {
  const wanted = new Map<string, string[]>();
  current.descendants((node) => {
    const threads = objectThreads(node).filter((thread) => missing.has(thread));
    if (threads.length > 0) wanted.set(objectKey(node), [...(wanted.get(objectKey(node)) ?? []), ...threads]);
    return true;
  });
  const onObjects = new Set([...wanted.values()].flat());
  if (wanted.size === 0) return onObjects;
  doc.descendants((node, pos) => {
    const threads = wanted.get(objectKey(node));
    if (threads && CommentObjects.nodes.some((name) => name === node.type.name)) {
      wanted.delete(objectKey(node));
      const value = commentThreadsValue([...objectThreads(node), ...threads]);
      tr.setNodeAttribute(pos, CommentObjects.attribute, value);
    }
    return true;
  });
  return onObjects;
}

/**
 * `doc` (a version about to be restored) with the anchors of this editor's threads put back where their quoted
 * text still is: a thread opened after that version, or whose anchor the version lacks, is anchored again on
 * the first block holding its quote; the others stay orphaned. A thread on an object (an image, a video, a
 * table cell) goes back on the object of the version with the same address (a cell: the same text). Threads
 * live on the server, so a restore never takes one away. One walk per restore, never per keystroke.
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
  const tr = new Transform(doc);
  const onObjects = relinkObjects(editor.state.doc, doc, new Set(missing.map((thread) => thread.id)), tr);
  const blocks: Array<{ start: number; text: string }> = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    const start = pos + 1;
    blocks.push({ start, text: doc.textBetween(start, start + node.content.size, undefined, LEAF) });
    return false;
  });
  for (const thread of missing) {
    if (onObjects.has(thread.id)) continue;
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
