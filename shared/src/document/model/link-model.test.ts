import { getExtensionField } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from './create-document-model';
import { LinkModel } from './link-model';
import { SuggestionMarkNames } from './suggestion-model';

const { schema } = createDocumentModel(defaultEditorOptions);

// The link mark is the model's own (not Tiptap's Link, whose linkify stays out of the server and the
// editor's first load): its schema must stay the one documents were written with.
describe('link mark', () => {
  it('has the schema of Tiptap Link with autolink off', () => {
    const link = schema.marks.link;
    if (!link) throw new Error('no link mark');
    // The outermost mark after the suggestions (which wrap whatever they change).
    expect(Object.keys(schema.marks).filter((m) => !(SuggestionMarkNames as readonly string[]).includes(m))[0]).toBe(
      'link',
    );
    expect(link.spec.inclusive).toBe(false);
    expect(link.spec.excludes).toBeUndefined();
    expect(Object.keys(link.spec.attrs ?? {})).toEqual(['href', 'target', 'rel', 'title']);
    expect(Object.values(link.spec.attrs ?? {}).map((a) => a.default)).toEqual([null, null, null, null]);
    expect(link.spec.parseDOM?.map((rule) => rule.tag)).toEqual(['a[href]']);
    const field = (name: 'keepOnSplit' | 'exitable' | 'priority'): unknown =>
      getExtensionField(LinkModel, name, { name: LinkModel.name, options: LinkModel.options, storage: {} });
    expect([field('keepOnSplit'), field('exitable'), field('priority')]).toEqual([false, true, 1000]);
  });
});
