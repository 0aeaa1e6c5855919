import { CodeXml } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { CODE_VIEW_PANE } from './code-view-controller';
import { CodeViewExtension } from './code-view.extension';
import { codeViewStrings } from './code-view.i18n';
import { CodeViewButton } from './code-view.toolbar';

/**
 * Code view (FROALA-REFERENCE §7, §8): the document's HTML, beautified, in CodeMirror instead of the rich
 * text; leaving applies the edit as one minimal change on top of what others wrote meanwhile.
 */
export const codeView: Capability = {
  name: 'codeView',
  extensions: (context) => [CodeViewExtension.configure({ docId: context.session?.docId ?? null })],
  i18n: codeViewStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'html',
      labelKey: 'codeView.label',
      icon: CodeXml,
      group: 'misc',
      shortcut: 'Mod-Alt-H',
      keepActive: true,
      Component: CodeViewButton,
    },
  ],
  // The pane (and then its editor) loads the first time the view opens.
  panes: [{ id: CODE_VIEW_PANE, placement: 'replace', Component: { ui: () => import('./code-view.panel') } }],
};
