import { Omega } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { specialCharactersStrings } from './special-characters.i18n';
import { SpecialCharactersControl, SpecialCharactersOpen } from './special-characters.toolbar';

/** Froala's special-characters picker (FROALA-REFERENCE §10): 8 tabbed sets, insert at the caret. */
export const specialCharacters: Capability = {
  name: 'specialCharacters',
  extensions: [SpecialCharactersOpen],
  i18n: specialCharactersStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'specialCharacters',
      labelKey: 'specialCharacters.label',
      icon: Omega,
      group: 'insert',
      Component: SpecialCharactersControl,
    },
  ],
  insertItems: [
    {
      id: 'specialCharacters',
      labelKey: 'specialCharacters.label',
      icon: Omega,
      keywords: ['special', 'character', 'symbol', 'sonderzeichen', 'zeichen'],
      run: (editor) => editor.storage.specialCharactersPicker.open.set(true),
    },
  ],
};
