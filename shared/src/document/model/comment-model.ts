import { Mark } from '@tiptap/core';
import type { MarkType, Node as PmNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { fixedMarkAttributes } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
import {
  COMMENT_THREAD_ATTRIBUTE,
  commentAttributes,
  CommentMarkName,
  CommentObjects,
  isCommentObjectName,
  isCommentThreadId,
} from './comment-values';

// The plain names and validators live in comment-values.ts (no Tiptap); re-exported for the model's users.
export {
  COMMENT_THREAD_ATTRIBUTE,
  commentAttributes,
  CommentMarkName,
  CommentObjects,
  commentThreadsAttribute,
  commentThreadsOf,
  commentThreadsValue,
  isCommentObjectName,
  isCommentThreadId,
  isCommentThreadList,
} from './comment-values';

/**
 * The `comment` mark: the anchor of a comment thread in the text (`<span data-comment-thread="…"
 * class="comment-anchor">`), so anchors follow concurrent edits as formatting does. Threads may overlap
 * (`excludes: ''`: several comment marks with different threads on the same text; y-tiptap stores each one
 * under a hashed name, `comment--XXXXXXXX`, which the update guard reads back to this mark). Not inclusive:
 * typing at the end of a commented phrase does not extend the anchor. The capability adds UI and commands.
 */
export const CommentModel = Mark.create({
  name: CommentMarkName,
  // Inside links, outside text styles: TextStyle's parser copies a styled span's style into the spans nested
  // in it, which would make an anchor inside one read back as a second text style.
  priority: 500,
  inclusive: false,
  excludes: '',
  // Clear Formatting (unsetAllMarks) keeps anchors: a thread is content, not formatting.
  clearable: false,

  ...fixedMarkAttributes(CommentMarkName, commentAttributes),

  parseHTML() {
    return [
      {
        tag: `span[${COMMENT_THREAD_ATTRIBUTE}]`,
        // An anchor whose thread id is refused is dropped (its text stays).
        getAttrs: (el: HtmlElementLike) =>
          isCommentThreadId(el.getAttribute(COMMENT_THREAD_ATTRIBUTE)) ? null : false,
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', { ...HTMLAttributes, class: 'comment-anchor' }, 0];
  },
});

/** The comment mark type of a schema, when it has one. */
export function commentMarkType(schema: { readonly marks: Readonly<Record<string, MarkType>> }): MarkType | undefined {
  return schema.marks[CommentMarkName];
}

/**
 * The document without comment anchors (their text stays): neither comment marks nor the `commentThreads` of
 * objects. Comments are not part of the HTML, Markdown, text or JSON outputs (issue 28: only the Word export
 * will carry them). Once per export, never per keystroke.
 */
export function withoutCommentMarks(doc: PmNode): PmNode {
  const type = commentMarkType(doc.type.schema);
  const objects: number[] = [];
  doc.descendants((node, pos) => {
    if (isCommentObjectName(node.type.name) && node.attrs[CommentObjects.attribute] != null) objects.push(pos);
    return true;
  });
  const marked = type !== undefined && doc.rangeHasMark(0, doc.content.size, type);
  if (!marked && objects.length === 0) return doc;
  const tr = new Transform(doc);
  if (type && marked) tr.removeMark(0, doc.content.size, type);
  for (const pos of objects) tr.setNodeAttribute(pos, CommentObjects.attribute, null);
  return tr.doc;
}
