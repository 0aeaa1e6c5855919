import { useEffect, useState } from 'react';
import { loadCharacterNames, type CharacterNames, type NameLanguage } from './character-names';
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

/** The names in the UI's language, once loaded (until then each cell is named by its character). */
function useCharacterNames(language: NameLanguage): CharacterNames | null {
  const [loaded, setLoaded] = useState<{ language: NameLanguage; names: CharacterNames } | null>(null);
  useEffect(() => {
    let live = true;
    loadCharacterNames(language).then(
      (names) => live && setLoaded({ language, names }),
      // Offline and never loaded: the characters themselves stay the names.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.names : null;
}

/** Open state shared with the quick-insert entry. */
export const specialCharactersPicker = createOpenState();

/** "Special Characters": a popup with one tab per character set and a grid; a click inserts and closes. */
export function SpecialCharactersControl({ editor, trigger }: ToolbarControlProps) {
  const { i18n } = useTranslation();
  const open = specialCharactersPicker.useOpen();
  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={Omega} />}
      open={open}
      onOpenChange={specialCharactersPicker.set}
    >
      {(close) => (
        <SpecialCharactersPicker
          language={i18n.resolvedLanguage === 'de' ? 'de' : 'en'}
          onPick={(char) => {
            insertCharacter(editor, char);
            close(true);
          }}
        />
      )}
    </ToolbarPopover>
  );
}

function SpecialCharactersPicker({ language, onPick }: { language: NameLanguage; onPick: (char: string) => void }) {
  const { t } = useTranslation();
  const names = useCharacterNames(language);
  return (
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
            items={specialCharacterSets[id].map((c) => ({
              char: c.char,
              label: names ? names(c.char, c.name) : c.char,
            }))}
            label={t(`specialCharacters.sets.${id}`)}
            onPick={onPick}
          />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
