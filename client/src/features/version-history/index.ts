import { History } from 'lucide-react';
import type { Capability, EditorUiProps } from '../../editor/core/capability';
import { useStore } from '../../lib/store';
import { panelOpenState, useEditable, VersionHistoryExtension } from './panel-state';
import { versionHistoryStrings } from './version-history.i18n';
import { VersionHistoryButton } from './version-history.toolbar';

/** The status part has something to show: the panel is open, or a viewer needs its button (no toolbar). */
function usePanelWanted({ editor }: EditorUiProps): boolean {
  const open = useStore(panelOpenState(editor));
  const editable = useEditable(editor);
  return open || !editable;
}

/**
 * Version history (issue 13): a side panel listing the versions the server recorded, with a read-only
 * preview, a comparison with the current document or another version, and (for editors) naming and a
 * restore that every open editor receives and the restoring author can undo in one step.
 */
export const versionHistory: Capability = {
  name: 'versionHistory',
  extensions: [VersionHistoryExtension],
  i18n: versionHistoryStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'versionHistory',
      labelKey: 'versionHistory.label',
      icon: History,
      group: 'document',
      Component: VersionHistoryButton,
    },
  ],
  // The viewers' button and the panel: fetched when idle, or at once when the panel opens or for a viewer.
  StatusBar: { ui: () => import('./version-history.status'), preload: { need: usePanelWanted } },
};
