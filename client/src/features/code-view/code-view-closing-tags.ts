import {
  Annotation,
  EditorSelection,
  EditorState,
  Prec,
  StateEffect,
  StateField,
  Transaction,
  type Extension,
  type TransactionSpec,
} from '@codemirror/state';
import { EditorView, keymap, type Command } from '@codemirror/view';

/** A closing tag the HTML language inserted when `>` ended an opening tag (`<b>` gives `<b>|</b>`). */
interface AutoClosed {
  from: number;
  to: number;
  text: string;
}

/** The first `typed` characters of the auto-inserted closing tag at `from` were typed over: the caret stands after them. */
interface TypedOver {
  from: number;
  typed: number;
}

/** The name the HTML language completed when `/` followed `<` (`</` gives `</b>|`) and how much of it was typed again. */
interface Completed {
  at: number;
  text: string;
  typed: number;
}

interface ClosingTags {
  closes: readonly AutoClosed[];
  over: TypedOver | null;
  completed: Completed | null;
}

const setOver = StateEffect.define<TypedOver | null>();
const setCompletedTyped = StateEffect.define<number>();
const typedThrough = StateEffect.define<number>();
const retrack = StateEffect.define<AutoClosed>();
/** Marks this module's own edits, which the filter below leaves alone. */
const ownEdit = Annotation.define<true>();

const closeTag = /^<\/[^\s<>/]+>$/;
const completedName = /^[^\s<>/]+>$/;
const openCloseTag = /<\/([^\s<>/]+)$/;
const tagInText = /<(\/?)([^\s<>/]+)[^<>]*?(\/?)>/g;
/** HTML elements that never get a closing tag. */
export const voidElements = new Set(
  'area base br col command embed frame hr img input keygen link meta param source track wbr menuitem'.split(' '),
);
/** How far after the caret a closing tag written by the author is matched with an auto-inserted one. */
const MATCH_REACH = 400;

const closingTags = StateField.define<ClosingTags>({
  create: () => ({ closes: [], over: null, completed: null }),
  update(value, tr) {
    let closes = tr.docChanged
      ? value.closes.flatMap((close) => {
          const from = tr.changes.mapPos(close.from, 1);
          const to = tr.changes.mapPos(close.to, -1);
          // Edited inside: no longer the tag that was inserted, so no longer typed over.
          return tr.newDoc.sliceString(from, to) === close.text ? [{ ...close, from, to }] : [];
        })
      : value.closes;
    // Typing over lasts while the caret stays where it put it (its own steps set it anew).
    let over = tr.docChanged || tr.selection ? null : value.over;
    let completed = tr.docChanged || tr.selection ? null : value.completed;
    for (const effect of tr.effects) {
      if (effect.is(setOver)) over = effect.value;
      else if (effect.is(typedThrough)) closes = closes.filter((close) => close.from !== effect.value);
      else if (effect.is(retrack) && tr.newDoc.sliceString(effect.value.from, effect.value.to) === effect.value.text) {
        closes = [...closes.filter((close) => close.from !== effect.value.from), effect.value];
      } else if (effect.is(setCompletedTyped) && value.completed) {
        completed = effect.value < value.completed.text.length ? { ...value.completed, typed: effect.value } : null;
      }
    }
    if (tr.isUserEvent('input.complete')) {
      const { main } = tr.newSelection;
      tr.changes.iterChanges((_fromA, _toA, fromB, toB, inserted) => {
        const text = inserted.toString();
        if (closeTag.test(text)) closes = [...closes, { from: fromB, to: toB, text }];
        else if (
          completedName.test(text) &&
          tr.newDoc.sliceString(fromB - 2, fromB) === '</' &&
          main.empty &&
          main.head === toB
        ) {
          completed = { at: toB, text, typed: 0 };
        }
      });
    }
    return { closes, over, completed };
  },
});

const typing = (view: EditorView, spec: TransactionSpec): true => {
  view.dispatch({ userEvent: 'input.type', scrollIntoView: true, ...spec });
  return true;
};

/** Typed characters that are already there (an auto-inserted closing tag, a completed name) are gone over, not doubled. */
const typeOver = EditorView.inputHandler.of((view, from, to, text) => {
  const { state } = view;
  const { main } = state.selection;
  if (view.composing || text.length !== 1 || from !== to || state.selection.ranges.length > 1 || !main.empty) {
    return false;
  }
  if (main.head !== from) return false;
  const tags = state.field(closingTags);
  const { completed, over } = tags;

  if (completed && completed.at === from) {
    if (completed.text[completed.typed] === text) {
      view.dispatch({ effects: setCompletedTyped.of(completed.typed + 1) });
      return true;
    }
    if (completed.typed === 0) return false;
    // The author is writing another name than the completed one: theirs replaces it.
    const start = completed.at - completed.text.length;
    const insert = completed.text.slice(0, completed.typed) + text;
    return typing(view, {
      changes: { from: start, to: completed.at, insert },
      selection: EditorSelection.cursor(start + insert.length),
    });
  }

  const typed = over?.typed ?? 0;
  const close = tags.closes.find((candidate) => candidate.from === (over ? over.from : from));
  if (close && close.from + typed === from) {
    if (close.text[typed] !== text) {
      // A character other than the tag's next one: the filter below makes what was typed over text of its own…
      if (text !== close.text[0]) return false;
      // …and `<` starts the tag anew (`1 <</p>`: the first `<` was text after all).
      const at = from;
      return typing(view, {
        changes: { from: at, insert: close.text.slice(0, typed) },
        selection: EditorSelection.cursor(at + 1),
        effects: [
          retrack.of({ from: at, to: at + close.text.length, text: close.text }),
          setOver.of({ from: at, typed: 1 }),
        ],
        annotations: ownEdit.of(true),
      });
    }
    const done = typed + 1 === close.text.length;
    return typing(view, {
      selection: EditorSelection.cursor(from + 1),
      effects: done
        ? [setOver.of(null), typedThrough.of(close.from)]
        : setOver.of({ from: close.from, typed: typed + 1 }),
    });
  }

  // A closing tag written in full (on a line of its own, say) takes the place of the auto-inserted one after it.
  if (text === '>' && !over) {
    const line = state.doc.lineAt(from);
    const name = openCloseTag.exec(state.sliceDoc(line.from, from))?.[1];
    const twin =
      name === undefined
        ? undefined
        : tags.closes.find(
            (candidate) =>
              candidate.text === `</${name}>` &&
              candidate.from >= from &&
              candidate.from - from <= MATCH_REACH &&
              state.sliceDoc(from, candidate.from).trim() === '',
          );
    if (twin) {
      return typing(view, {
        changes: { from, to: twin.to, insert: '>' },
        selection: EditorSelection.cursor(from + 1),
      });
    }
  }
  return false;
});

/** Backspace right after typing over takes back the last character typed over (the caret steps back, nothing is deleted). */
const stepBack: Command = (view) => {
  const { state } = view;
  const { main } = state.selection;
  if (state.selection.ranges.length > 1 || !main.empty) return false;
  const { over, completed } = state.field(closingTags);
  if (over && over.from + over.typed === main.head) {
    view.dispatch({
      selection: EditorSelection.cursor(main.head - 1),
      effects: setOver.of(over.typed > 1 ? { from: over.from, typed: over.typed - 1 } : null),
      userEvent: 'select',
    });
    return true;
  }
  if (completed && completed.typed > 0 && completed.at === main.head) {
    // The completed name goes, the part typed again minus its last character stays.
    const start = completed.at - completed.text.length;
    const insert = completed.text.slice(0, completed.typed - 1);
    view.dispatch({
      changes: { from: start, to: completed.at, insert },
      selection: EditorSelection.cursor(start + insert.length),
      userEvent: 'delete.backward',
    });
    return true;
  }
  return false;
};

/**
 * Any other input while part of a closing tag is typed over (Enter, a paste, another character): what was typed
 * over becomes text of its own before the tag, and the input lands after it, as if nothing had been gone over.
 */
const keepTypedOver = EditorState.transactionFilter.of((tr) => {
  const over = tr.startState.field(closingTags, false)?.over;
  if (!over || !tr.docChanged || !tr.isUserEvent('input') || tr.annotation(ownEdit)) return tr;
  const close = tr.startState.field(closingTags).closes.find((candidate) => candidate.from === over.from);
  if (!close) return tr;
  const at = over.from + over.typed;
  const again = tr.startState.changes({ from: at, insert: tr.startState.sliceDoc(over.from, at) }).map(tr.changes);
  // The tag itself now starts with the copy: it stays one that can be typed over.
  let from = 0;
  again.iterChanges((_fromA, _toA, fromB) => (from = fromB));
  const userEvent = tr.annotation(Transaction.userEvent);
  const addToHistory = tr.annotation(Transaction.addToHistory);
  return {
    changes: tr.changes.compose(again),
    selection: tr.newSelection.map(again),
    effects: [
      ...StateEffect.mapEffects(tr.effects, again),
      retrack.of({ from, to: from + close.text.length, text: close.text }),
    ],
    scrollIntoView: tr.scrollIntoView,
    annotations: [
      ...(userEvent === undefined ? [] : [Transaction.userEvent.of(userEvent)]),
      ...(addToHistory === undefined ? [] : [Transaction.addToHistory.of(addToHistory)]),
    ],
  };
});

/** Per element name: how many more elements the text closes than it leaves open. */
function closedBeyond(text: string): Map<string, number> {
  const balance = new Map<string, number>();
  for (const [, slash, tagName, selfClosing] of text.matchAll(tagInText)) {
    const name = (tagName ?? '').toLowerCase();
    if (slash) balance.set(name, (balance.get(name) ?? 0) + 1);
    else if (!selfClosing && !voidElements.has(name)) balance.set(name, (balance.get(name) ?? 0) - 1);
  }
  return balance;
}

/**
 * Pasted HTML that closes the elements around the caret (`Hello</p>` into `<p>|</p>`) takes the place of the
 * auto-inserted closing tags after it, as typing would.
 */
const pastedClosings = EditorState.transactionFilter.of((tr) => {
  if (!tr.isUserEvent('input.paste')) return tr;
  const tags = tr.startState.field(closingTags, false);
  // While a tag is half typed over, the filter above has already placed the paste before it.
  if (!tags?.closes.length || tags.over) return tr;
  const { closes } = tags;
  let end = -1;
  let text = '';
  tr.changes.iterChanges((_fromA, _toA, _fromB, toB, inserted) => {
    end = toB;
    text = inserted.toString();
  });
  const balance = closedBeyond(text);
  const mapped = closes
    .map((close) => ({ ...close, from: tr.changes.mapPos(close.from, 1) }))
    .filter((close) => tr.newDoc.sliceString(close.from, close.from + close.text.length) === close.text);
  const remove: { from: number; to: number }[] = [];
  for (let at = end; ;) {
    const next = mapped.find(
      (close) =>
        close.from >= at && close.from - at <= MATCH_REACH && tr.newDoc.sliceString(at, close.from).trim() === '',
    );
    const name = next?.text.slice(2, -1).toLowerCase() ?? '';
    if (!next || (balance.get(name) ?? 0) <= 0) break;
    balance.set(name, (balance.get(name) ?? 0) - 1);
    const to = next.from + next.text.length;
    remove.push({ from: at, to });
    at = to;
  }
  return remove.length ? [tr, { changes: remove, sequential: true }] : tr;
});

/**
 * Closing tags in the code view, as code editors treat brackets: HTML's auto-closing (`<b>` gives `<b>|</b>`,
 * `</` completes the name) stays, and typing the closing tag anyway goes over the inserted one instead of
 * doubling it, so well-formed HTML typed key by key comes out as typed. A paste is never auto-closed; closing
 * tags it brings replace the auto-inserted ones they duplicate.
 */
export function closingTagsTypedOver(): Extension {
  return [
    closingTags,
    // Before the HTML language's own auto-closing handler, and this filter before the others (indentation).
    Prec.high(typeOver),
    Prec.lowest(keepTypedOver),
    pastedClosings,
    Prec.highest(keymap.of([{ key: 'Backspace', run: stepBack }])),
  ];
}
