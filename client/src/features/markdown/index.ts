import { FileCode } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { MARKDOWN_PANE } from './markdown-layout';
import { MarkdownExtension } from './markdown.extension';
import { markdownStrings } from './markdown.i18n';
import { lazyPart, retryableImport } from '../../editor/core/lazy/lazy-part';
import { MarkdownButton } from './markdown.toolbar';

// The pane (and then its editor) loads the first time the view opens.
const importMarkdownPane = retryableImport(() => import('./markdown.panel'));
const LazyMarkdownPane = lazyPart(() => importMarkdownPane().then((m) => m.MarkdownPane));

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
  panes: [{ id: MARKDOWN_PANE, placement: 'beside', Component: LazyMarkdownPane }],
};
