import { CommentLimits } from '../../limits';
import type { AttrModel, AttrModels } from './attribute-model';
import type { AttrValidator } from './model-types';

// The comment anchors' names and validators without the Tiptap mark (comment-model.ts): the server's update
// guard reads them at start, and Tiptap loads only with the document model (issue 29).

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
