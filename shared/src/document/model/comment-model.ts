import { Mark } from '@tiptap/core';
import type { MarkType, Node as PmNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { CommentLimits } from '../../limits';
import { fixedMarkAttributes, type AttrModel, type AttrModels } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
import type { AttrValidator } from './model-types';

/** The name of the comment anchor mark (issue 28). */
export const CommentMarkName = 'comment';

/** The HTML attribute that carries the thread id of an anchor. */
export const COMMENT_THREAD_ATTRIBUTE = 'data-comment-thread';

const THREAD_ID = new RegExp(CommentLimits.idPattern);

/** A thread id as the anchor mark stores it (the API's `CommentId`). */
export const isCommentThreadId: AttrValidator = (value) =>
  typeof value === 'string' && value.length <= CommentLimits.maxIdChars && THREAD_ID.test(value);

/**
 * The nodes that anchor comment threads by an attribute of their own (issue 28): y-tiptap keeps no marks on
 * inline atoms nor on block nodes, so an image, a video or a table cell commented on its own carries the ids of
 * its threads in `commentThreads`.
 */
export const CommentObjects = {
  attribute: 'commentThreads',
  nodes: ['image', 'video', 'tableCell', 'tableHeader'],
} as const;

/** Whether a node of this name anchors threads by its `commentThreads` attribute. */
export const isCommentObjectName = (name: string): boolean =>
  (CommentObjects.nodes as readonly string[]).includes(name);

/**
 * A stored `commentThreads` value: thread ids parted by single spaces, no duplicates, at most
 * `maxThreadsPerObject` (none is `null`, the default, never '').
 */
export const isCommentThreadList: AttrValidator = (value) => {
  if (typeof value !== 'string' || value.length > CommentLimits.maxThreadsPerObject * (CommentLimits.maxIdChars + 1)) {
    return false;
  }
  const ids = value.split(' ');
  return (
    ids.length <= CommentLimits.maxThreadsPerObject && new Set(ids).size === ids.length && ids.every(isCommentThreadId)
  );
};

/**
 * `commentThreads` of an image, a video or a table cell. Never part of the HTML (no parse, no render): it stays
 * out of every export and of the clipboard's HTML by construction; the editor shows it through decorations.
 */
export const commentThreadsAttribute: AttrModel = { default: null, validate: isCommentThreadList, keepOnSplit: false };

/** The thread ids of an object's `commentThreads` value (none when it is invalid). */
export function commentThreadsOf(attrs: Readonly<Record<string, unknown>>): string[] {
  const value = attrs[CommentObjects.attribute];
  return isCommentThreadList(value) ? (value as string).split(' ') : [];
}

/** A `commentThreads` value from ids (null for none), first ones kept up to the limit. */
export function commentThreadsValue(ids: readonly string[]): string | null {
  const kept = [...new Set(ids.filter((id) => isCommentThreadId(id)))].slice(0, CommentLimits.maxThreadsPerObject);
  return kept.length > 0 ? kept.join(' ') : null;
}

/** `thread`: the id of the comment thread anchored here (the thread itself lives on the server). */
export const commentAttributes: AttrModels = {
  thread: {
    default: null,
    validate: isCommentThreadId,
    parse: (el) => el.getAttribute(COMMENT_THREAD_ATTRIBUTE),
    render: (value) => ({ [COMMENT_THREAD_ATTRIBUTE]: value }),
    // Both halves of a split phrase stay anchored to the thread.
    keepOnSplit: true,
  },
};

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
