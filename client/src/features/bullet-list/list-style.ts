import type { Editor } from '@tiptap/core';
import type { ResolvedPos } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';
import { readAttrs } from '@shared/document/model/attribute-model';
import { listStyleTypes } from '@shared/document/model/validators';

export type ListName = 'bulletList' | 'orderedList';

/** Froala's advanced list types (`listAdvancedTypes`) plus decimal, as the model accepts them; null = Default. */
export { listStyleTypes };

/** The innermost list of this type around a position, with its position and attributes. */
function innermostListAt(
  $pos: ResolvedPos,
  listName: ListName,
): { pos: number; attrs: Record<string, unknown> } | null {
  for (let depth = $pos.depth; depth > 0; depth -= 1) {
    const node = $pos.node(depth);
    if (node.type.name === listName) return { pos: $pos.before(depth), attrs: readAttrs(node) };
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
  if (typeof value === 'string') return value;
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
