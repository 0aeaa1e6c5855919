import { transformToSuggestionTransaction } from '@handlewithcare/prosemirror-suggest-changes';
import type { Node as PmNode } from '@tiptap/pm/model';
import { EditorState, TextSelection, type Transaction } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { renderFragmentHtml } from '../html/html-serializer';
import { createDocumentModel } from './create-document-model';
import {
  acceptedSuggestions,
  hasSuggestions,
  markedSuggestions,
  suggestionOf,
  suggestionsOutput,
} from './suggestion-outputs';
import { SUGGESTION_ANCHOR_CHAR, readObjectSuggestion } from './suggestion-model';

const { schema } = createDocumentModel(defaultEditorOptions);
const ID = 'sugg_0123456789ab';

const docOf = (...paragraphs: string[]): PmNode =>
  schema.nodeFromJSON({
    type: 'doc',
    content: paragraphs.map((text) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] })),
  });

/** `edit` made in suggestion mode, as the client's suggestion mode does (the author added to every mark). */
function suggest(doc: PmNode, edit: (tr: Transaction) => void): PmNode {
  const state = EditorState.create({ doc });
  const tr = state.tr;
  edit(tr);
  const tracked = transformToSuggestionTransaction(tr, state, () => ID);
  const marked = state.apply(tracked).doc;
  // The feature writes the author on the library's marks.
  const withAuthors = EditorState.create({ doc: marked }).tr;
  marked.descendants((node, pos) => {
    for (const mark of node.marks) {
      if (mark.type.name !== 'insertion' && mark.type.name !== 'deletion') continue;
      withAuthors.addMark(pos, pos + node.nodeSize, mark.type.create({ ...mark.attrs, author: 'Ada' }));
    }
  });
  return withAuthors.doc;
}

const html = (doc: PmNode): string => renderFragmentHtml(doc.content, schema);

describe('suggestions in the outputs', () => {
  it('reads an inline object’s suggestion from its attribute (Yjs keeps no marks on objects)', () => {
    const picture = (alt: string, suggestion: string | null) => ({
      type: 'image',
      attrs: { src: `https://example.com/${alt}.png`, alt, suggestion },
    });
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a' },
            picture('gone', `deletion:${ID}:Ada`),
            picture('new', `insertion:${ID}:`),
            picture('kept', 'deletion:not an id:Ada'),
          ],
        },
      ],
    });
    expect(html(suggestionsOutput(doc, 'accepted'))).not.toContain('gone');
    expect(html(suggestionsOutput(doc, 'accepted'))).toContain('alt="new"');
    expect(html(suggestionsOutput(doc, 'accepted'))).toContain('alt="kept"');
    const marked = html(suggestionsOutput(doc, 'marked'));
    expect(marked).toMatch(/<del data-suggestion="sugg_0123456789ab" data-author="Ada"[^>]*><img[^>]*alt="gone"/);
    expect(marked).toMatch(/<ins data-suggestion="sugg_0123456789ab"[^>]*><img[^>]*alt="new"/);
    expect(marked).not.toMatch(/<(ins|del)[^>]*><img[^>]*alt="kept"/);
    expect(readObjectSuggestion('insertion:sugg_0123456789ab:Ada: the reviewer')).toEqual({
      kind: 'insertion',
      id: ID,
      author: 'Ada: the reviewer',
    });
    for (const bad of [
      'modification:sugg_0123456789ab:',
      'deletion:sugg_0123456789ab:\u202eevil',
      'insertion',
      7,
      null,
    ])
      expect(readObjectSuggestion(bad)).toBeNull();
  });

  it('leaves a document without suggestions as it is', () => {
    const doc = docOf('plain');
    expect(hasSuggestions(doc)).toBe(false);
    expect(acceptedSuggestions(doc)).toBe(doc);
    expect(markedSuggestions(doc)).toBe(doc);
  });

  it('accepts an insertion and a deletion: deleted text gone, inserted text without its mark', () => {
    const doc = suggest(docOf('Hello world'), (tr) => {
      tr.insertText(' big', 6);
      tr.delete(1, 2);
    });
    expect(hasSuggestions(doc)).toBe(true);
    const accepted = acceptedSuggestions(doc);
    expect(hasSuggestions(accepted)).toBe(false);
    expect(accepted.textContent).toBe('ello big world');
    const marked = markedSuggestions(doc);
    expect(html(marked)).toBe(
      `<p><del data-suggestion="${ID}" data-author="Ada" class="suggestion suggestion-deletion">H</del>ello` +
        `<ins data-suggestion="${ID}" data-author="Ada" class="suggestion suggestion-insertion"> big</ins> world</p>`,
    );
    expect(suggestionOf(marked.child(0).child(0).marks)).toEqual({ kind: 'deletion', id: ID, author: 'Ada' });
  });

  it('joins paragraphs whose break was deleted, and never writes the zero-width anchors', () => {
    const doc = suggest(docOf('one', 'two'), (tr) => {
      tr.delete(4, 6);
    });
    expect(doc.textContent).toContain(SUGGESTION_ANCHOR_CHAR);
    const accepted = acceptedSuggestions(doc);
    expect(accepted.childCount).toBe(1);
    expect(accepted.textContent).toBe('onetwo');
    const marked = markedSuggestions(doc);
    expect(marked.textContent).not.toContain(SUGGESTION_ANCHOR_CHAR);
    expect(marked.childCount).toBe(2);
  });

  it('accepts a split paragraph (the new break kept, its anchor gone)', () => {
    const doc = suggest(docOf('onetwo'), (tr) => {
      tr.split(4);
      tr.setSelection(TextSelection.create(tr.doc, 6));
    });
    const accepted = acceptedSuggestions(doc);
    expect(accepted.textContent).not.toContain(SUGGESTION_ANCHOR_CHAR);
    expect(accepted.childCount).toBe(2);
    expect([accepted.child(0).textContent, accepted.child(1).textContent]).toEqual(['one', 'two']);
    expect(markedSuggestions(doc).textContent).not.toContain(SUGGESTION_ANCHOR_CHAR);
  });
});
