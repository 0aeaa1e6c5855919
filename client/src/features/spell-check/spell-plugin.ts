import type { Editor } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { DocumentLang } from '@shared/document/yjs/ydoc-lang';
import { SpellChecker } from './spell-checker';
import { changedBlocks, marker, shiftDecorations, shiftRanges, type MarkerSpec, type Range } from './spell-ranges';
import type { SpellSession } from './spell-state';
import { normalizeWord, wordsBetween } from './spell-words';
import { clipRanges, visibleWindow } from './spell-window';
import './spell-marker.css';
import { readPendingSelection, registerPluginLate, unregisterPluginLate } from '../../editor/core/dom-selection';

/** The markers, the ranges to check at the next pause, and those waiting for the worker's verdicts. */
interface PluginState {
  decorations: DecorationSet;
  dirty: Range[];
  waiting: Range[];
}

type Meta =
  | { kind: 'checked'; ranges: Range[]; markers: ReturnType<typeof marker>[]; waiting: Range[]; window: Range }
  | { kind: 'retry' }
  | { kind: 'all' };

export const spellKey = new PluginKey<PluginState>('spellCheck');
const PAUSE_MS = 120;

const whole = (state: EditorState): Range[] => [{ from: 0, to: state.doc.content.size }];

/** One checker per language per page (the dictionary is loaded once). */
const checkers = new Map<DocumentLang, SpellChecker>();
export function checkerFor(lang: DocumentLang): SpellChecker {
  let checker = checkers.get(lang);
  if (!checker) {
    checker = new SpellChecker(lang);
    checkers.set(lang, checker);
  }
  return checker;
}

/** The marker under a document position, if any. */
export function markerAt(state: EditorState, pos: number): { from: number; to: number; word: string } | null {
  const set = spellKey.getState(state)?.decorations;
  const found = set?.find(pos, pos).find((d) => d.from <= pos && d.to >= pos);
  return found ? { from: found.from, to: found.to, word: (found.spec as MarkerSpec).word } : null;
}

/** Opens the suggestions for the misspelled word at `pos` at the given point; false when none is there. */
function openMenu(view: EditorView, spell: SpellSession, pos: number, x: number, y: number): boolean {
  const hit = markerAt(view.state, pos);
  if (!hit) return false;
  spell.showMenu({ ...hit, x, y });
  return true;
}

/** Alt+F7: the suggestions for the misspelled word at the caret. */
export function openMenuAtCaret(editor: Editor, spell: SpellSession): boolean {
  const { view } = editor;
  const pos = view.state.selection.from;
  const hit = markerAt(view.state, pos);
  if (!hit) return false;
  const at = view.coordsAtPos(hit.from);
  return openMenu(view, spell, pos, at.left, at.bottom);
}

function createPlugin(spell: SpellSession): Plugin<PluginState> {
  return new Plugin<PluginState>({
    key: spellKey,
    state: {
      init: (_config, state) => ({ decorations: DecorationSet.empty, dirty: whole(state), waiting: [] }),
      apply(tr, value, before, after) {
        const meta = tr.getMeta(spellKey) as Meta | undefined;
        let { decorations, dirty, waiting } = value;
        const change = tr.docChanged ? changedBlocks(before.doc, after.doc) : null;
        if (change) {
          decorations = shiftDecorations(decorations, before.doc, after.doc, change);
          dirty = shiftRanges(dirty, change);
          waiting = shiftRanges(waiting, change).slice(0, -1);
        }
        if (meta?.kind === 'checked') {
          // Only the blocks on screen and around them keep markers (see spell-window.ts).
          const { window: win } = meta;
          const outside = [...decorations.find(0, win.from), ...decorations.find(win.to, after.doc.content.size)];
          decorations = decorations.remove(outside.filter((d) => d.to <= win.from || d.from >= win.to));
          for (const r of meta.ranges) decorations = decorations.remove(decorations.find(r.from, r.to));
          decorations = decorations.add(after.doc, meta.markers);
          dirty = [];
          waiting = [...waiting, ...meta.waiting];
        } else if (meta?.kind === 'retry') {
          dirty = [...dirty, ...waiting];
          waiting = [];
        } else if (meta?.kind === 'all') {
          dirty = whole(after);
          waiting = [];
        }
        return { decorations, dirty, waiting };
      },
    },
    props: {
      decorations: (state) => spellKey.getState(state)?.decorations ?? null,
      // Says when the markers are final (nothing left to check), for tests and assistive tools alike.
      attributes: (state): Record<string, string> => {
        const value = spellKey.getState(state);
        return value && (value.dirty.length > 0 || value.waiting.length > 0) ? { 'data-spell-checking': 'true' } : {};
      },
      handleDOMEvents: {
        contextmenu: (view, event) => {
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
          if (!at || !openMenu(view, spell, at.pos, event.clientX, event.clientY)) return false;
          event.preventDefault();
          return true;
        },
      },
    },
    view(view) {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let destroyed = false;
      const flush = (): void => {
        timer = null;
        const state = spellKey.getState(view.state);
        if (destroyed || !state || state.dirty.length === 0) return;
        const checker = checkerFor(spell.lang.get());
        const markers: ReturnType<typeof marker>[] = [];
        const waiting: Range[] = [];
        const unknown = new Set<string>();
        const win = visibleWindow(view);
        const ranges = clipRanges(state.dirty, win);
        for (const range of ranges) {
          let complete = true;
          for (const w of wordsBetween(view.state.doc, range.from, range.to)) {
            const word = normalizeWord(w.word);
            if (spell.isAccepted(word)) continue;
            const verdict = checker.verdict(word);
            if (verdict === undefined) {
              unknown.add(word);
              complete = false;
            } else if (!verdict) markers.push(marker(w.from, w.to, word));
          }
          if (!complete) waiting.push(range);
        }
        const meta: Meta = { kind: 'checked', ranges, markers, waiting, window: win };
        readPendingSelection(view);
        view.dispatch(view.state.tr.setMeta(spellKey, meta).setMeta('addToHistory', false));
        if (unknown.size > 0) {
          checker.check(unknown).then(
            () => {
              if (destroyed) return;
              readPendingSelection(view);
              view.dispatch(view.state.tr.setMeta(spellKey, { kind: 'retry' } satisfies Meta));
            },
            (error: unknown) => console.error('[tandem] spell check failed', error),
          );
        }
      };
      const schedule = (): void => {
        if (timer === null && (spellKey.getState(view.state)?.dirty.length ?? 0) > 0) {
          timer = setTimeout(flush, PAUSE_MS);
        }
      };
      // Scrolling brings other blocks on screen: once it stops, the new window is checked (verdicts are cached).
      let scrollTimer: ReturnType<typeof setTimeout> | null = null;
      const onScroll = (): void => {
        if (scrollTimer !== null) clearTimeout(scrollTimer);
        scrollTimer = setTimeout(() => {
          scrollTimer = null;
          if (destroyed) return;
          readPendingSelection(view);
          view.dispatch(view.state.tr.setMeta(spellKey, { kind: 'all' } satisfies Meta));
        }, PAUSE_MS);
      };
      document.addEventListener('scroll', onScroll, { capture: true, passive: true });
      window.addEventListener('resize', onScroll, { passive: true });
      schedule();
      // ProseMirror re-creates plugin views when a plugin is registered late: a verdict the previous view
      // waited for no longer reaches it, so the words still waiting are asked for again.
      let retryTimer: ReturnType<typeof setTimeout> | null = null;
      if ((spellKey.getState(view.state)?.waiting.length ?? 0) > 0) {
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (destroyed) return;
          readPendingSelection(view);
          view.dispatch(view.state.tr.setMeta(spellKey, { kind: 'retry' } satisfies Meta));
        }, 0);
      }
      return {
        update: schedule,
        destroy: () => {
          destroyed = true;
          if (timer !== null) clearTimeout(timer);
          if (retryTimer !== null) clearTimeout(retryTimer);
          if (scrollTimer !== null) clearTimeout(scrollTimer);
          document.removeEventListener('scroll', onScroll, { capture: true });
          window.removeEventListener('resize', onScroll);
        },
      };
    },
  });
}

/** Starts the checker on this editor (markers appear once the dictionary is there). */
export function startSpellCheck(editor: Editor, spell: SpellSession): void {
  if (editor.isDestroyed || spellKey.getState(editor.state)) return;
  registerPluginLate(editor, createPlugin(spell));
}

/** Removes the checker and every marker. */
export function stopSpellCheck(editor: Editor): void {
  unregisterPluginLate(editor, spellKey);
}

/** Checks the whole document again (the language or the accepted words changed). */
export function recheckAll(editor: Editor): void {
  if (editor.isDestroyed || !spellKey.getState(editor.state)) return;
  editor.view.dispatch(editor.state.tr.setMeta(spellKey, { kind: 'all' } satisfies Meta));
}

export async function suggestionsFor(lang: DocumentLang, word: string): Promise<string[]> {
  return checkerFor(lang).suggest(word);
}
