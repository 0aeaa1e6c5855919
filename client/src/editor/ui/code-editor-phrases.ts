import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { CodeEditorPhrases } from './code-editor';

/** CodeMirror's phrases (search panel, go-to-line, screen-reader announcements) → our i18n keys. */
const PHRASE_KEYS: Record<string, string> = {
  Find: 'codeEditor.find',
  Replace: 'codeEditor.replace',
  next: 'codeEditor.next',
  previous: 'codeEditor.previous',
  all: 'codeEditor.all',
  'match case': 'codeEditor.matchCase',
  'by word': 'codeEditor.byWord',
  regexp: 'codeEditor.regexp',
  replace: 'codeEditor.replaceOne',
  'replace all': 'codeEditor.replaceAll',
  close: 'codeEditor.close',
  'current match': 'codeEditor.currentMatch',
  'on line': 'codeEditor.onLine',
  'replaced match on line $': 'codeEditor.replacedOnLine',
  'replaced $ matches': 'codeEditor.replacedMatches',
  'Go to line': 'codeEditor.goToLine',
  go: 'codeEditor.go',
  'Selection deleted': 'codeEditor.selectionDeleted',
  'Control character': 'codeEditor.controlCharacter',
};

/** CodeMirror's own strings in the interface language. */
export function useCodeEditorPhrases(): CodeEditorPhrases {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => Object.fromEntries(Object.entries(PHRASE_KEYS).map(([phrase, key]) => [phrase, t(key)])),
    // The phrases change with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );
}
