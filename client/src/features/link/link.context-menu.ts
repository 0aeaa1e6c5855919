import type { Editor } from '@tiptap/core';
import { Link } from 'lucide-react';
import type { ContextMenuItem } from '../../editor/core/capability';
import { deferLinkForm, requestLinkForm } from './link-events';

const inLink = (editor: Editor): boolean => editor.isActive('link');

/** Opens the link form as Mod-K does (the toolbar's, or the link popup's while that is still loading). */
const openLinkForm = (editor: Editor): void => {
  if (!requestLinkForm(editor)) deferLinkForm(editor);
};

/** "Insert Link" or, on a link, "Edit Link": the link form, for editors. */
export const linkContextMenu: ContextMenuItem[] = [
  {
    id: 'insertLink',
    labelKey: 'link.insert',
    icon: Link,
    group: 'annotate',
    shortcut: 'Mod-K',
    order: 10,
    isVisible: (editor) => editor.isEditable && !inLink(editor),
    run: openLinkForm,
  },
  {
    id: 'editLink',
    labelKey: 'link.edit',
    icon: Link,
    group: 'annotate',
    shortcut: 'Mod-K',
    order: 10,
    isVisible: (editor) => editor.isEditable && inLink(editor),
    run: openLinkForm,
  },
];
