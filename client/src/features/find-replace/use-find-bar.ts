import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Editor } from '@tiptap/core';
import { useStore } from '../../lib/store';
import { dispatchAsStep } from '../../editor/core/undo-step';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { compileQuery, textblockText, type FindOptions } from './find-replace-query';
import { vetRegex } from './regex-vet';
import {
  currentIndex,
  registerFindPlugins,
  findState,
  replaceAll,
  replaceCurrent,
  setQuery,
  step,
  CURRENT_CLASS,
} from './find-replace-plugin';

/** Above this document size (positions) a changed query is searched after a short pause in typing. */
const LARGE_DOC = 200_000;
const SEARCH_PAUSE_MS = 150;

const initialOptions: FindOptions = { text: '', caseSensitive: false, wholeWord: false, regex: false };
// What the bar held when it was closed, per editor: opening again shows the last search (as browsers do).
const remembered = new WeakMap<Editor, { options: FindOptions; replacement: string }>();

/** Scrolls the current match to the middle of the window unless it is already well in view. */
function revealCurrent(editor: Editor, bar: HTMLElement | null): void {
  const el = editor.view.dom.querySelector(`.${CURRENT_CLASS}`);
  if (!el) return;
  const rect = el.getBoundingClientRect();
  // The bar covers the top of the window, or (on a phone) its bottom.
  const barBox = bar?.getBoundingClientRect();
  const docked = barBox !== undefined && barBox.top > window.innerHeight / 2;
  const top = barBox && !docked ? barBox.bottom : 0;
  const bottom = barBox && docked ? barBox.top : window.innerHeight;
  if (rect.top < top + 8 || rect.bottom > bottom - 8) el.scrollIntoView({ block: 'center', inline: 'nearest' });
}

/** The find bar's data: options, the live count, and the actions on the editor. */
export function useFindBar(editor: Editor, bar: RefObject<HTMLElement | null>) {
  const state = editor.storage.findReplace.state;
  const request = useStore(state.request);
  const showReplace = useStore(state.replace);
  const [options, setOptionsState] = useState<FindOptions>(() => {
    const last = remembered.get(editor)?.options ?? initialOptions;
    return request.seed === null ? last : { ...last, text: request.seed };
  });
  const [replacement, setReplacement] = useState(() => remembered.get(editor)?.replacement ?? '');
  const [replaced, setReplaced] = useState<number | null>(null);
  const origin = useRef(request.from);
  // A new opening request while open: the selected text (if any) becomes the search.
  const [seen, setSeen] = useState(request);
  if (seen !== request) {
    setSeen(request);
    const { seed } = request;
    if (seed !== null) setOptionsState((o) => ({ ...o, text: seed }));
  }
  const setOptions = useCallback((next: FindOptions) => {
    setReplaced(null);
    setOptionsState(next);
  }, []);
  const query = useMemo(() => compileQuery(options), [options]);
  // A regular expression is first tried over the document in a worker with a time limit: one that would
  // freeze the page (catastrophic backtracking) is refused with a message instead.
  const [vetted, setVetted] = useState<{ key: string; fast: boolean } | null>(null);
  const vetting = query?.ok === true && query.isRegex;
  useEffect(() => {
    if (!query?.ok || !query.isRegex) return;
    let live = true;
    const texts: string[] = [];
    editor.state.doc.descendants((node) => {
      if (!node.isTextblock) return true;
      texts.push(textblockText(node));
      return false;
    });
    void vetRegex(query.regex, texts).then((fast) => {
      if (live) setVetted({ key: query.key, fast });
    });
    return () => {
      live = false;
    };
  }, [editor, query]);
  const searched = useMemo(
    () => (query?.ok && (!query.isRegex || (vetted?.key === query.key && vetted.fast)) ? query : null),
    [query, vetted],
  );
  const slow = vetting && vetted?.key === query.key && !vetted.fast;
  const canReplace = editor.isEditable;

  // The search's plugins join the editor the first time the bar opens.
  useLayoutEffect(() => {
    registerFindPlugins(editor);
  }, [editor]);

  // The search starts at the caret of the last opening request (then at the current match).
  useLayoutEffect(() => {
    origin.current = request.from;
  }, [request]);

  useEffect(() => {
    remembered.set(editor, { options, replacement });
  }, [editor, options, replacement]);

  // Runs the search when the query changes; the first match from where the search began becomes current.
  useEffect(() => {
    const run = (): void => {
      if (editor.isDestroyed) return;
      setQuery(editor.view, searched, origin.current);
      revealCurrent(editor, bar.current);
    };
    if (editor.state.doc.content.size < LARGE_DOC) {
      run();
      return;
    }
    const timer = setTimeout(run, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [editor, searched, bar]);

  // Closing the bar takes the highlights away.
  useEffect(
    () => () => {
      if (!editor.isDestroyed && findState(editor.state)?.query) setQuery(editor.view, null, 0);
    },
    [editor],
  );

  const status = useEditorUiState({
    editor,
    selector: () => {
      const s = findState(editor.state);
      return { count: s?.count ?? 0, index: s ? currentIndex(s) : 0 };
    },
  });

  const go = useCallback(
    (dir: 1 | -1) => {
      setReplaced(null);
      step(editor.view, dir);
      origin.current = findState(editor.state)?.current?.from ?? origin.current;
      revealCurrent(editor, bar.current);
    },
    [editor, bar],
  );

  const replaceOne = useCallback(() => {
    if (!canReplace) return;
    setReplaced(null);
    replaceCurrent(editor.view, replacement, (tr) => dispatchAsStep(editor, tr));
    revealCurrent(editor, bar.current);
  }, [editor, bar, replacement, canReplace]);

  const replaceEvery = useCallback(() => {
    if (!canReplace) return;
    setReplaced(replaceAll(editor.view, replacement, (tr) => dispatchAsStep(editor, tr)));
  }, [editor, replacement, canReplace]);

  const close = useCallback(() => {
    if (findState(editor.state)?.query) setQuery(editor.view, null, 0);
    state.open.set(false);
    // Back to the text, with the current match selected.
    if (editor.isEditable) editor.commands.focus();
  }, [editor, state]);

  return {
    options,
    setOptions,
    replacement,
    setReplacement,
    invalid: query !== null && !query.ok,
    slow,
    active: searched !== null,
    status,
    replaced,
    showReplace: showReplace && canReplace,
    canReplace,
    focusRequest: request.n,
    toggleReplace: () => state.replace.set(!showReplace),
    go,
    replaceOne,
    replaceEvery,
    close,
  };
}
