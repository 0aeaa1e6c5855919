import { FileCode } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { MARKDOWN_PANE } from './markdown-layout';
import { MarkdownExtension } from './markdown.extension';
import { markdownStrings } from './markdown.i18n';
import { MarkdownButton } from './markdown.toolbar';

/**
 * Markdown side by side (FROALA-REFERENCE §35, done as a real two-way view): the shared document as
 * Markdown beside the rich text; typing in either updates the other and every collaborator.
 */
export const markdown: Capability = {
  name: 'markdown',
  extensions: [MarkdownExtension],
  i18n: markdownStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'markdown',
      labelKey: 'markdown.label',
      icon: FileCode,
      group: 'misc',
      Component: MarkdownButton,
    },
  ],
  // The pane (and then its editor) loads the first time the view opens.
  panes: [{ id: MARKDOWN_PANE, placement: 'beside', Component: { ui: () => import('./markdown.panel') } }],
};
