import type { Capability, ToolbarItem } from '../../editor/capability';
import { headingStrings } from './heading.i18n';

const levels = [1, 2, 3, 4] as const;

/** Paragraph and headings 1–4, from StarterKit's heading node. */
export const heading: Capability = {
  name: 'heading',
  extensions: [],
  i18n: headingStrings,
  toolbar: [
    {
      id: 'paragraph',
      labelKey: 'heading.paragraph',
      icon: '¶',
      group: 'paragraph',
      shortcut: 'Mod-Alt-0',
      isActive: (editor) => editor.isActive('paragraph'),
      run: (editor) => editor.chain().focus().setParagraph().run(),
    },
    ...levels.map((level): ToolbarItem => ({
      id: `h${level}`,
      labelKey: `heading.h${level}`,
      icon: `H${level}`,
      group: 'paragraph',
      shortcut: `Mod-Alt-${level}`,
      isActive: (editor) => editor.isActive('heading', { level }),
      run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
    })),
  ],
};
