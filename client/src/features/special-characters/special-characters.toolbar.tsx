import { Omega } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import type { ToolbarControlProps } from '../../editor/capability';
import { CharGrid } from '../../editor/ui/char-grid';
import { createOpenState } from '../../editor/ui/open-state';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { specialCharacterSets, type SpecialCharacterSet } from './special-characters.data';
import { insertCharacter } from './special-characters.extension';

const setIds = Object.keys(specialCharacterSets) as SpecialCharacterSet[];
const gridItems = Object.fromEntries(
  setIds.map((id) => [id, specialCharacterSets[id].map((c) => ({ char: c.char, label: c.name }))]),
) as Record<SpecialCharacterSet, Array<{ char: string; label: string }>>;

/** Open state shared with the quick-insert entry. */
export const specialCharactersPicker = createOpenState();

/** "Special Characters": a popup with one tab per character set and a grid; a click inserts and closes. */
export function SpecialCharactersControl({ editor, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const open = specialCharactersPicker.useOpen();
  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={Omega} />}
      open={open}
      onOpenChange={specialCharactersPicker.set}
    >
      {(close) => (
        <Tabs.Root className="char-picker" defaultValue={setIds[0]}>
          <Tabs.List className="char-picker-tabs" aria-label={t('specialCharacters.label')}>
            {setIds.map((id) => (
              <Tabs.Trigger key={id} value={id} className="char-picker-tab">
                {t(`specialCharacters.sets.${id}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {setIds.map((id) => (
            <Tabs.Content key={id} value={id}>
              <CharGrid
                items={gridItems[id]}
                label={t(`specialCharacters.sets.${id}`)}
                onPick={(char) => {
                  insertCharacter(editor, char);
                  close(true);
                }}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </ToolbarPopover>
  );
}
