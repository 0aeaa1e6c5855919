import { History } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { VersionHistoryExtension } from './panel-state';
import { versionHistoryStrings } from './version-history.i18n';
import { VersionHistoryStatus } from './version-history.status';
import { VersionHistoryButton } from './version-history.toolbar';

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
  StatusBar: VersionHistoryStatus,
};
