import { getMarkRange, type Editor } from '@tiptap/core';
import type { MarkType, Node as PmNode } from '@tiptap/pm/model';
import { TextSelection, type Selection } from '@tiptap/pm/state';
import type { CapabilityContext } from '../../editor/core/capability';
import { relForTarget } from '@shared/document/model/link-model';
import { allowsTarget, displayTextOf, normalizeLinkUrl, type LinkUrlError } from '@shared/document/model/link-url';

/** What the link form starts with: the link at the caret (edit) or the selection (insert). */
export interface LinkFormInit {
  editing: boolean;
  url: string;
  text: string;
  /** False when the range holds more than plain text of one block (then only the URL is applied). */
  textEditable: boolean;
  newTab: boolean;
}

export interface LinkFormValues {
  url: string;
  text: string;
  newTab: boolean;
}

interface LinkRange {
  from: number;
  to: number;
  editing: boolean;
  textEditable: boolean;
  text: string;
}

function rangeOf(doc: PmNode, selection: Selection, type: MarkType): LinkRange {
  const $from = doc.resolve(selection.from);
  const mark =
    type.isInSet($from.marks()) ?? (selection.empty ? undefined : type.isInSet($from.nodeAfter?.marks ?? []));
  const markRange = mark ? getMarkRange($from, type, mark.attrs) : undefined;
  const linkCovers = markRange && markRange.from <= selection.from && markRange.to >= selection.to;
  const { from, to } = linkCovers ? markRange : selection;
  const raw = doc.textBetween(from, to, '\n', '\ufffc');
  const textEditable = doc.resolve(from).sameParent(doc.resolve(to)) && !/[\n\ufffc]/.test(raw);
  return { from, to, editing: !!linkCovers, textEditable, text: textEditable ? raw : '' };
}

function linkType(editor: Editor): MarkType {
  const type = editor.schema.marks.link;
  if (!type) throw new Error('the link mark is not registered');
  return type;
}

export function readLinkForm(editor: Editor): LinkFormInit {
  const { doc, selection } = editor.state;
  const range = rangeOf(doc, selection, linkType(editor));
  const attrs = range.editing ? editor.getAttributes('link') : {};
  return {
    editing: range.editing,
    url: typeof attrs.href === 'string' ? attrs.href : '',
    text: range.text,
    textEditable: range.textEditable,
    newTab: attrs.target === '_blank',
  };
}

/**
 * Inserts or updates the link at the caret in one transaction (one undo step). Returns the reason
 * when the URL is refused; then nothing changes.
 */
export function applyLink(
  editor: Editor,
  values: LinkFormValues,
  initialText: string,
  context: CapabilityContext,
): LinkUrlError | null {
  const result = normalizeLinkUrl(values.url, context.options.linkAutoPrefix);
  if (!result.ok) return result.error;
  const newTab = values.newTab && allowsTarget(result.kind);
  const type = linkType(editor);
  const mark = type.create({
    href: result.href,
    target: newTab ? '_blank' : null,
    rel: newTab ? relForTarget('_blank', null, context.options) : null,
  });
  editor
    .chain()
    .focus()
    .command(({ tr }) => {
      const range = rangeOf(tr.doc, tr.selection, type);
      const { from } = range;
      let { to } = range;
      if (from === to || (range.textEditable && values.text !== initialText)) {
        const text = values.text || displayTextOf(result.href);
        tr.insertText(text, from, to);
        to = from + text.length;
      }
      tr.removeMark(from, to, type).addMark(from, to, mark);
      tr.setSelection(TextSelection.create(tr.doc, to)).removeStoredMark(type).setMeta('preventAutolink', true);
      return true;
    })
    .run();
  return null;
}

/**
 * Edit in popup (§13): replaces the text of the link at the caret, keeping the link and the text's formatting,
 * in one undo step. Empty text shows the address instead (a link always has text). False when the link's text
 * spans more than one text block or holds an inline node.
 */
export function setLinkText(editor: Editor, text: string): boolean {
  const type = linkType(editor);
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      const range = rangeOf(tr.doc, tr.selection, type);
      const marks = tr.doc.nodeAt(range.from)?.marks ?? [];
      const link = type.isInSet(marks);
      if (!range.editing || !range.textEditable || !link) return false;
      const href: unknown = link.attrs.href;
      const value = text || displayTextOf(typeof href === 'string' ? href : '');
      if (!value) return false;
      tr.replaceWith(range.from, range.to, editor.schema.text(value, marks));
      tr.setSelection(TextSelection.create(tr.doc, range.from + value.length)).setMeta('preventAutolink', true);
      return true;
    })
    .run();
}

/** Removes the whole link at the caret (or the link marks in the selection), keeping the text. */
export function removeLink(editor: Editor): void {
  editor.chain().focus().extendMarkRange('link').unsetLink().run();
}
