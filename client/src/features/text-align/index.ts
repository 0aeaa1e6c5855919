import { AlignCenter, AlignJustify, AlignLeft, AlignRight } from 'lucide-react';
import type { Capability, ToolbarItem } from '../../editor/core/capability';
import { alignments, BlockTextAlign, isAligned } from './text-align.extension';
import { textAlignStrings } from './text-align.i18n';

const icons = { left: AlignLeft, center: AlignCenter, right: AlignRight, justify: AlignJustify } as const;
// Center has no key: Ctrl/⌘+Shift+E switches suggestion mode (issue 28), as the review features ask.
const keys = { left: 'L', center: null, right: 'R', justify: 'J' } as const;

/** Align Left / Center / Right / Justify of paragraphs, headings and table cells. */
export const textAlign: Capability = {
  name: 'textAlign',
  extensions: [BlockTextAlign],
  i18n: textAlignStrings,
  toolbar: alignments.map((alignment): ToolbarItem => ({
    id: `align-${alignment}`,
    labelKey: `textAlign.${alignment}`,
    icon: icons[alignment],
    group: 'paragraph',
    ...(keys[alignment] === null ? {} : { shortcut: `Mod-Shift-${keys[alignment]}` }),
    priority: alignment === 'justify' ? 30 : 40,
    isActive: (editor) => isAligned(editor, alignment),
    run: (editor) => editor.chain().focus().alignBlocks(alignment).run(),
  })),
};
