import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CharGrid } from '../../editor/ui/char-grid';
import { Tabs } from '../../editor/core/lazy';
import { loadCharacterNames, type CharacterNames, type NameLanguage } from './character-names';
import type { SpecialCharacter, SpecialCharacterSet } from './special-characters.data';

type Sets = Record<SpecialCharacterSet, readonly SpecialCharacter[]>;

interface Loaded {
  language: NameLanguage;
  sets: Sets;
  /** Null when the names could not load: each cell is then named by its character. */
  names: CharacterNames | null;
}

/** The character sets and their names in the UI's language, loaded when the picker first opens. */
function useCharacterData(language: NameLanguage): { loaded: Loaded | null; failed: boolean } {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([import('./special-characters.data'), loadCharacterNames(language).catch(() => null)]).then(
      ([data, names]) => live && setLoaded({ language, sets: data.specialCharacterSets, names }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [language]);
  return { loaded: loaded?.language === language ? loaded : null, failed };
}

/** The picker of the "Special Characters" popup: one tab per character set, a grid each. */
export function SpecialCharactersPicker({
  language,
  onPick,
}: {
  language: NameLanguage;
  onPick: (char: string) => void;
}) {
  const { t } = useTranslation();
  const { loaded, failed } = useCharacterData(language);
  if (!loaded) {
    return (
      <div className="char-picker">
        <p className="char-picker-empty" role={failed ? 'alert' : 'status'}>
          {t(failed ? 'specialCharacters.failed' : 'specialCharacters.loading')}
        </p>
      </div>
    );
  }
  const { sets, names } = loaded;
  const setIds = Object.keys(sets) as SpecialCharacterSet[];
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
            items={sets[id].map((c) => ({
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

export default SpecialCharactersPicker;
