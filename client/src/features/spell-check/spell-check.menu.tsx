import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { EditorUiProps } from '../../editor/core/capability';
import { useTranslation } from '../../i18n/use-translation';
import { useStore } from '../../lib/store';
import { suggestionsFor } from './spell-plugin';
import { spellMenuStrings } from './spell-check.strings';
import type { SpellMenuRequest, SpellSession } from './spell-state';
import './spell-check.css';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { spellCheck: spellMenuStrings };

/** The suggestions for one misspelled word (right click or Alt+F7): replace, ignore, add to dictionary. */
export default function SpellMenu({ editor }: EditorUiProps) {
  const spell = editor.storage.spellCheck.session;
  useStore(editor.storage.spellCheck.menuOpen);
  if (!spell) return null;
  return <SessionMenu editor={editor} spell={spell} />;
}

function SessionMenu({ editor, spell }: { editor: EditorUiProps['editor']; spell: SpellSession }) {
  const request = useStore(spell.menu);
  if (!request) return null;
  return <MenuFor key={`${request.from}:${request.word}`} editor={editor} spell={spell} request={request} />;
}

interface MenuProps {
  editor: EditorUiProps['editor'];
  spell: SpellSession;
  request: SpellMenuRequest;
}

function MenuFor({ editor, spell, request }: MenuProps) {
  const { t } = useTranslation();
  const [suggestions, setSuggestions] = useState<string[] | null>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    suggestionsFor(spell.lang.get(), request.word).then(
      (found) => live && setSuggestions(found),
      () => live && setSuggestions([]),
    );
    return () => {
      live = false;
    };
  }, [spell, request.word]);

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: PointerEvent): void => {
      if (!menu.current?.contains(e.target as Node)) spell.showMenu(null);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [spell, suggestions]);

  const close = (): void => {
    spell.showMenu(null);
    editor.commands.focus();
  };
  const replace = (word: string): void => {
    const { from, to } = request;
    // The word may have moved or changed since the menu opened: replace it only if it is still there.
    if (editor.state.doc.textBetween(from, to).replace(/’/g, "'") === request.word) {
      editor.chain().focus().insertContentAt({ from, to }, word).run();
    }
    spell.showMenu(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') close();
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else return;
    e.preventDefault();
  };
  const left = Math.max(4, Math.min(request.x, window.innerWidth - 220));

  return (
    <div
      ref={menu}
      className="spell-menu"
      role="menu"
      aria-label={t('spellCheck.menu', { word: request.word })}
      style={{ left, top: request.y + 4 }}
      onKeyDown={onKeyDown}
    >
      {suggestions === null && <div className="spell-menu-note">{t('spellCheck.loading')}</div>}
      {suggestions?.length === 0 && <div className="spell-menu-note">{t('spellCheck.none')}</div>}
      {suggestions?.map((word) => (
        <button
          key={word}
          type="button"
          role="menuitem"
          className="spell-menu-item spell-suggestion"
          onClick={() => replace(word)}
        >
          {word}
        </button>
      ))}
      <div role="separator" className="spell-menu-separator" />
      <button
        type="button"
        role="menuitem"
        className="spell-menu-item"
        onClick={() => (spell.ignore(request.word), close())}
      >
        {t('spellCheck.ignore')}
      </button>
      <button
        type="button"
        role="menuitem"
        className="spell-menu-item"
        onClick={() => (spell.addToDictionary(request.word), close())}
      >
        {t('spellCheck.add')}
      </button>
    </div>
  );
}
