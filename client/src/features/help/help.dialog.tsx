import { X } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useMemo } from 'react';
import { useStore } from '../../lib/store';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../i18n/use-translation';
import { capabilitiesOf } from '../../editor/core/capability-list';
import type { EditorUiProps } from '../../editor/core/capability';
import { shortcutLabel } from '../../editor/core/toolbar/shortcut-label';
import { buildShortcutGroups } from './shortcut-groups';
import './help.css';
import { helpDialogStrings } from './help.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { help: helpDialogStrings };

/**
 * The modal listing every keyboard shortcut, one table per group. Rendered once per editor, not by the
 * toolbar button: on a phone the button may sit in a closed "More" row, and the shortcut must still work.
 */
export function HelpDialog({ editor }: EditorUiProps) {
  const { t } = useTranslation();
  const state = editor.storage.help.state;
  const open = useStore(state.open);
  const groups = useMemo(() => buildShortcutGroups(capabilitiesOf(editor)), [editor]);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => state.set(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="help-overlay" />
        <Dialog.Content
          className="help-dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            // Back where it was opened: the caret (Mod-/ while typing) or the Help button.
            e.preventDefault();
            if (!state.fromEditor && state.opener?.isConnected) state.opener.focus();
            else editor.commands.focus();
          }}
        >
          <div className="help-header">
            <Dialog.Title className="help-title">{t('help.title')}</Dialog.Title>
            <Dialog.Close className="help-close" aria-label={t('help.close')}>
              <Icon of={X} />
            </Dialog.Close>
          </div>
          <div className="help-groups">
            {groups.map((group) => (
              <table key={group.titleKey} className="help-table">
                <caption>{t(group.titleKey)}</caption>
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">{t('help.action')}</th>
                    <th scope="col">{t('help.keys')}</th>
                  </tr>
                </thead>
                <tbody>
                  {group.rows.map((row) => (
                    <tr key={`${row.labelKey} ${row.keys.join()}`}>
                      <th scope="row">{t(row.labelKey)}</th>
                      <td>
                        {row.keys.map((keys, i) => (
                          <span key={keys}>
                            {i > 0 && ' / '}
                            <kbd>{shortcutLabel(keys)}</kbd>
                          </span>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default HelpDialog;
