import { Extension, type Editor } from '@tiptap/core';
import type { ResolvedPos } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';

export type ListName = 'bulletList' | 'orderedList';

/** Froala's advanced list types (`listAdvancedTypes`) plus decimal; null = Default. */
export const listStyleTypes = {
  bulletList: ['circle', 'disc', 'square'],
  orderedList: ['lower-alpha', 'lower-greek', 'lower-roman', 'upper-alpha', 'upper-roman', 'decimal'],
} as const;

const allowed = new Set<string>([...listStyleTypes.bulletList, ...listStyleTypes.orderedList]);

/** The innermost list of this type around a position, with its position and attributes. */
function innermostListAt(
  $pos: ResolvedPos,
  listName: ListName,
): { pos: number; attrs: Record<string, unknown> } | null {
  for (let depth = $pos.depth; depth > 0; depth -= 1) {
    const node = $pos.node(depth);
    if (node.type.name === listName) return { pos: $pos.before(depth), attrs: node.attrs };
  }
  return null;
}

export function isInList(state: EditorState, listName: ListName): boolean {
  return innermostListAt(state.selection.$from, listName) !== null;
}

/** An attribute of the innermost list of this type around the selection (undefined outside one). */
export function currentListAttribute(state: EditorState, listName: ListName, name: string): unknown {
  return innermostListAt(state.selection.$from, listName)?.attrs[name];
}

// Tiptap's orderedList also keeps the HTML `type` (parsed from `type="i"` or the same CSS).
const htmlTypes: Record<string, string> = { i: 'lower-roman', I: 'upper-roman', a: 'lower-alpha', A: 'upper-alpha' };

/** The `list-style-type` of the innermost list of this type (null = the browser default). */
export function currentListStyle(state: EditorState, listName: ListName): string | null {
  const value = currentListAttribute(state, listName, 'listStyleType');
  if (typeof value === 'string' && allowed.has(value)) return value;
  const type = currentListAttribute(state, listName, 'type');
  return typeof type === 'string' ? (htmlTypes[type] ?? null) : null;
}

/** Sets the list type (null = Default), replacing an HTML `type` so Default really is the default. */
export function setListStyle(editor: Editor, listName: ListName, style: string | null): boolean {
  return setListAttributes(
    editor,
    listName,
    listName === 'orderedList' ? { listStyleType: style, type: null } : { listStyleType: style },
  );
}

/**
 * Sets attributes of the innermost list of this type, turning the selection into such a list
 * first when it is not one yet (one transaction, so one undo step).
 */
export function setListAttributes(editor: Editor, listName: ListName, attrs: Record<string, unknown>): boolean {
  const chain = editor.chain().focus();
  if (!isInList(editor.state, listName)) {
    if (listName === 'bulletList') chain.toggleBulletList();
    else chain.toggleOrderedList();
  }
  return chain
    .command(({ tr }) => {
      const list = innermostListAt(tr.selection.$from, listName);
      if (!list) return false;
      for (const [name, value] of Object.entries(attrs)) tr.setNodeAttribute(list.pos, name, value);
      return true;
    })
    .run();
}

/**
 * Adds `listStyleType` (Froala's advanced list types) to a list node, rendered as an inline
 * `list-style-type` style; null (Default) and unknown values render nothing.
 */
export function listStyleTypeExtension(listName: ListName): Extension {
  return Extension.create({
    name: `${listName}StyleType`,
    addGlobalAttributes() {
      return [
        {
          types: [listName],
          attributes: {
            listStyleType: {
              default: null,
              parseHTML: (element) => (allowed.has(element.style.listStyleType) ? element.style.listStyleType : null),
              renderHTML: (attributes) =>
                typeof attributes.listStyleType === 'string' && allowed.has(attributes.listStyleType)
                  ? { style: `list-style-type: ${attributes.listStyleType}` }
                  : {},
            },
          },
        },
      ];
    },
  });
}
