import type { Editor } from '@tiptap/core';
import i18next from 'i18next';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { langOfLocale, readLang } from '@shared/document/yjs/ydoc-lang';
import { sharedDocument } from '../../editor/core/document-title';
import type { SpellCheckStorage } from './spell-check.extension';
import { openMenuAtCaret, recheckAll, startSpellCheck, stopSpellCheck } from './spell-plugin';
import { SpellSession } from './spell-state';

/**
 * Starts the checker of one editor: follows the document's language (`meta.lang`, else the author's UI
 * language), the toggle (off unregisters the plugin, so every marker goes) and the accepted words.
 */
export function startSession(editor: Editor, storage: SpellCheckStorage): SpellSession {
  const session: SpellSession = new SpellSession(storage.menuOpen, () => openMenuAtCaret(editor, session));
  const doc = sharedDocument(editor);
  const meta = doc?.getMap<unknown>(YDocKeys.meta);
  const readDocLang = (): void => session.lang.set((doc && readLang(doc)) ?? langOfLocale(i18next.language || 'en'));
  readDocLang();
  meta?.observe(readDocLang);
  const follow = (): void => {
    if (storage.enabled.get()) startSpellCheck(editor, session);
    else {
      session.showMenu(null);
      stopSpellCheck(editor);
    }
  };
  follow();
  const recheck = (): void => recheckAll(editor);
  const offs = [
    storage.enabled.subscribe(follow),
    session.lang.subscribe(recheck),
    session.accepted.subscribe(recheck),
  ];
  editor.on('destroy', () => {
    meta?.unobserve(readDocLang);
    offs.forEach((off) => off());
  });
  return session;
}
