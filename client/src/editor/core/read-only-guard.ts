import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, AttrStep, RemoveMarkStep } from '@tiptap/pm/transform';
import { ySyncPluginKey } from '@tiptap/y-tiptap';

const fromYjs = (meta: unknown): boolean =>
  typeof meta === 'object' && meta !== null && (meta as { isChangeOrigin?: unknown }).isChangeOrigin === true;

/** Whether every step of a transaction only adds or removes one of `marks`, or sets one of `attributes`. */
const onlyMarks = (tr: Transaction, { marks, attributes }: ReadOnlyGuardOptions): boolean =>
  (marks.length > 0 || attributes.length > 0) &&
  tr.steps.every(
    (step) =>
      ((step instanceof AddMarkStep || step instanceof RemoveMarkStep) && marks.includes(step.mark.type.name)) ||
      (step instanceof AttrStep && attributes.includes(step.attr)),
  );

export interface ReadOnlyGuardOptions {
  /** Marks this editor may still add and remove (a commenter's: the comment anchors); none for a viewer. */
  marks: readonly string[];
  /** Node attributes it may still set (a commenter's: the comment anchors of objects); none for a viewer. */
  attributes: readonly string[];
}

/**
 * A viewer's editor accepts only the changes that arrive through Yjs. The server closes a viewer
 * connection on any update it sends, so no command, paste or plugin may change the document locally. A
 * commenter's may also add and remove comment anchors: the server refuses anything else it sends (4415).
 */
export const ReadOnlyGuard = Extension.create<ReadOnlyGuardOptions>({
  name: 'readOnlyGuard',
  addOptions: () => ({ marks: [], attributes: [] }),
  addProseMirrorPlugins() {
    const options = this.options;
    return [
      new Plugin({
        key: new PluginKey('readOnlyGuard'),
        filterTransaction: (tr) => !tr.docChanged || fromYjs(tr.getMeta(ySyncPluginKey)) || onlyMarks(tr, options),
      }),
    ];
  },
});

/** Whether this editor may add and remove `mark`: it is editable, or its read-only guard lets the mark through. */
export function mayChangeMark(editor: Editor, mark: string): boolean {
  if (editor.isEditable) return true;
  const guard = editor.extensionManager.extensions.find((extension) => extension.name === ReadOnlyGuard.name);
  const options = guard?.options as ReadOnlyGuardOptions | undefined;
  return options?.marks.includes(mark) ?? false;
}
