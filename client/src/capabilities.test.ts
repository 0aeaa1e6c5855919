import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import * as Y from 'yjs';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { capabilities } from './capabilities';
import { extensionsOf, type CapabilityContext } from './editor/core/capability';
import { defaultCapabilityContext } from './editor/core/capability-context';
import { coreExtensions } from './editor/core/create-editor';

/** Every node and mark in schema order, with its attributes and their defaults in order. */
function shape(schema: Schema): Array<[string, Array<[string, unknown]>]> {
  return [...Object.values(schema.nodes), ...Object.values(schema.marks)].map((type) => [
    type.name,
    Object.entries(type.spec.attrs ?? {}).map(([name, spec]): [string, unknown] => [
      name,
      (spec as { default?: unknown }).default,
    ]),
  ]);
}

describe('the editor with every capability', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));
  const fullEditor = (context: CapabilityContext): Editor => {
    const editor = new Editor({
      extensions: [
        ...coreExtensions(new Y.Doc(), false, context.options),
        ...capabilities.flatMap((c) => extensionsOf(c, context)),
      ],
    });
    editors.push(editor);
    return editor;
  };

  it('has exactly the document model’s schema: nodes, marks, attributes and defaults, in the same order', () => {
    const editor = fullEditor(defaultCapabilityContext);
    const model = createDocumentModel(defaultCapabilityContext.options);
    expect(shape(editor.schema)).toEqual(shape(model.schema));
    // Content expressions, groups and mark exclusions match too (they decide the rules).
    for (const type of Object.values(model.schema.nodes)) {
      const own = editor.schema.nodes[type.name];
      expect(own?.spec.content, type.name).toBe(type.spec.content);
      expect(own?.spec.group, type.name).toBe(type.spec.group);
      expect(own?.spec.marks, type.name).toBe(type.spec.marks);
    }
    for (const type of Object.values(model.schema.marks)) {
      expect(editor.schema.marks[type.name]?.spec.excludes, type.name).toBe(type.spec.excludes);
    }
  });

  it('builds its model with the deployment’s options, as the server does', () => {
    const options = { ...defaultEditorOptions, paragraphStyles: [{ label: 'Note', value: 'note' }] };
    const editor = fullEditor({ ...defaultCapabilityContext, options });
    editor.commands.setContent('<p class="note fr-text-gray">x</p>');
    expect(editor.getHTML()).toBe('<p class="note">x</p>');
    expect(createDocumentModel(options).rules.nodes.get('paragraph')?.attrs.get('class')?.('note')).toBe(true);
  });
});
