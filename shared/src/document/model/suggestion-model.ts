import { Extension, Mark } from '@tiptap/core';
import { SuggestionLimits } from '../../limits';
import { fixedMarkAttributes, globalNodeAttributes, type AttrModels } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
import type { AttrValidator } from './model-types';

/**
 * Suggestion mode (issue 28): tracked changes are marks of the shared document, so they converge under Yjs as
 * formatting does. The names are those `@handlewithcare/prosemirror-suggest-changes` looks up in a schema.
 */
export const InsertionMarkName = 'insertion';
export const DeletionMarkName = 'deletion';
/** The library also needs this one in the schema; Tandem never stores it (y-tiptap keeps no node marks). */
export const ModificationMarkName = 'modification';
export const SuggestionMarkNames = [InsertionMarkName, DeletionMarkName, ModificationMarkName] as const;

/** The HTML attributes that carry a suggestion's id and author. */
export const SUGGESTION_ID_ATTRIBUTE = 'data-suggestion';
export const SUGGESTION_AUTHOR_ATTRIBUTE = 'data-author';

/** What suggestion mode writes for a deleted paragraph break or an inserted empty block: kept, never shown. */
export const SUGGESTION_ANCHOR_CHAR = '\u200B';

const ID = new RegExp(SuggestionLimits.idPattern);
// Control characters (C0, DEL, C1) and the bidi overrides never belong in a name shown to other authors.
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A suggestion id as the marks store it (one id for the deletion and the insertion of one change). */
export const isSuggestionId: AttrValidator = (value) =>
  typeof value === 'string' && value.length <= SuggestionLimits.maxIdChars && ID.test(value);

/** The author's display name kept on a suggestion (plain text, shown on hover and in the panel). */
export const isSuggestionAuthor: AttrValidator = (value) =>
  typeof value === 'string' &&
  value.trim().length > 0 &&
  value.length <= SuggestionLimits.maxAuthorNameChars &&
  !UNSAFE_NAME.test(value);

/** `id` and `author` of an insertion or deletion. The library creates marks with the id only; the feature adds the author. */
export const suggestionAttributes: AttrModels = {
  id: {
    default: null,
    validate: isSuggestionId,
    // A suggestion without an id could be neither accepted nor rejected on its own.
    required: true,
    parse: (el) => el.getAttribute(SUGGESTION_ID_ATTRIBUTE),
    render: (value) => ({ [SUGGESTION_ID_ATTRIBUTE]: value }),
  },
  author: {
    default: null,
    validate: isSuggestionAuthor,
    parse: (el) => el.getAttribute(SUGGESTION_AUTHOR_ATTRIBUTE),
    render: (value) => ({ [SUGGESTION_AUTHOR_ATTRIBUTE]: value }),
  },
};

const isModificationValue: AttrValidator = (value) =>
  value === null ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.length <= SuggestionLimits.maxModificationValueChars);

/** The library's modification mark (changed node attributes); strict, since nothing of Tandem's stores one. */
export const modificationAttributes: AttrModels = {
  id: { default: null, validate: isSuggestionId, required: true },
  type: { default: null, validate: (value) => value === 'attr' || value === 'mark' },
  attrName: {
    default: null,
    validate: (value) => typeof value === 'string' && /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(value),
  },
  previousValue: { default: null, validate: isModificationValue },
  newValue: { default: null, validate: isModificationValue },
};

function suggestionMark(name: string, tag: 'ins' | 'del') {
  return Mark.create({
    name,
    // Outermost of the text marks (above links and comments), as a change wraps whatever it changes.
    priority: 1_100,
    // Typing at either end of a change is a new change (or joins it through the feature), never inherits it.
    inclusive: false,
    // One change at a time on a piece of text: an insertion that is deleted again simply goes.
    excludes: SuggestionMarkNames.join(' '),
    // Clear Formatting keeps suggestions: they are changes, not formatting.
    clearable: false,
    ...fixedMarkAttributes(name, suggestionAttributes),
    parseHTML() {
      return [
        {
          tag: `${tag}[${SUGGESTION_ID_ATTRIBUTE}]`,
          // A change whose id is refused is read as plain text (its text stays).
          getAttrs: (el: HtmlElementLike) => (isSuggestionId(el.getAttribute(SUGGESTION_ID_ATTRIBUTE)) ? null : false),
        },
      ];
    },
    renderHTML({ HTMLAttributes }) {
      return [tag, { ...HTMLAttributes, class: `suggestion suggestion-${name}` }, 0];
    },
  });
}

/** Text suggested for insertion (`<ins data-suggestion="…" data-author="…">`). */
export const InsertionModel = suggestionMark(InsertionMarkName, 'ins');
/** Text suggested for deletion (`<del data-suggestion="…" data-author="…">`). */
export const DeletionModel = suggestionMark(DeletionMarkName, 'del');

/** Present so the library finds it; never parsed from HTML and never produced by Tandem's suggestion mode. */
export const ModificationModel = Mark.create({
  name: ModificationMarkName,
  priority: 1_100,
  inclusive: false,
  excludes: `${InsertionMarkName} ${DeletionMarkName}`,
  clearable: false,
  ...fixedMarkAttributes(ModificationMarkName, modificationAttributes),
  parseHTML() {
    return [];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', { ...HTMLAttributes, class: 'suggestion suggestion-modification' }, 0];
  },
});

/**
 * The inline objects (pictures, videos, files, icons, line breaks, upload placeholders). Yjs keeps no marks on
 * them (y-prosemirror stores an element's attributes only), so a suggestion on one is its insertion or deletion
 * mark mirrored into the node attribute `suggestion`: the editor writes it from the mark and rebuilds the mark
 * from it, and the outputs read it back as the mark (`withObjectSuggestionMarks`).
 */
export const SuggestionObjectNodes = ['hardBreak', 'uploadPlaceholder', 'image', 'video', 'file', 'icon'] as const;
export const OBJECT_SUGGESTION_ATTRIBUTE = 'suggestion';

/** An inline object's suggestion as the mark had it. */
export interface ObjectSuggestion {
  kind: typeof InsertionMarkName | typeof DeletionMarkName;
  id: string;
  author: string | null;
}

/** The stored form: `insertion:<id>:<author>` (the author may be empty, and may hold colons). */
export function objectSuggestionValue({ kind, id, author }: ObjectSuggestion): string {
  return `${kind}:${id}:${author ?? ''}`;
}

/** The suggestion a stored value names, or null when the value is not a valid one. */
export function readObjectSuggestion(value: unknown): ObjectSuggestion | null {
  if (
    typeof value !== 'string' ||
    value.length > SuggestionLimits.maxAuthorNameChars + SuggestionLimits.maxIdChars + 12
  )
    return null;
  const first = value.indexOf(':');
  const second = first < 0 ? -1 : value.indexOf(':', first + 1);
  if (second < 0) return null;
  const kind = value.slice(0, first);
  const id = value.slice(first + 1, second);
  const author = value.slice(second + 1);
  if (kind !== InsertionMarkName && kind !== DeletionMarkName) return null;
  if (!isSuggestionId(id) || (author !== '' && !isSuggestionAuthor(author))) return null;
  return { kind, id, author: author === '' ? null : author };
}

export const objectSuggestionAttributes: AttrModels = {
  [OBJECT_SUGGESTION_ATTRIBUTE]: {
    default: null,
    validate: (value) => readObjectSuggestion(value) !== null,
    // A split never happens inside an atom; a copy that is pasted must not carry another change's id.
    keepOnSplit: false,
  },
};

/** The `suggestion` attribute of the inline objects (see `SuggestionObjectNodes`); never rendered by the node. */
export const ObjectSuggestionModel = Extension.create({
  name: 'objectSuggestion',
  ...globalNodeAttributes(SuggestionObjectNodes, objectSuggestionAttributes),
});
