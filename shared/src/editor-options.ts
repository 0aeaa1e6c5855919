import { Type, type Static } from 'typebox';
import { AutosaveLimits, FontSizeLimits } from './limits';

/**
 * Configurable lists and switches of the editor's capabilities (PRODUCT.md §7, FROALA-REFERENCE §2–§4,
 * §18–§24). Defaults live here; an operator may replace any field per deployment
 * (`TANDEM_EDITOR_OPTIONS`, see server/src/config.ts) and the client receives the result in `GET /api/config`.
 */

/** http(s) URL or a path on this server (not `//host`, which is another host). */
const SAVE_URL_PATTERN = '^(https?://\\S+|/(?!/)\\S*)$';
/** A form field name: starts with a letter (no `__proto__`). */
const SAVE_FIELD_PATTERN = '^[A-Za-z][A-Za-z0-9_.\\[\\]-]{0,63}$';

const Labelled = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 60 }),
  value: Type.String({ maxLength: 300 }),
});

export const EditorOptions = Type.Object({
  /** Text and background colour presets (`#RRGGBB`), shown 7 per row. */
  colors: Type.Array(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }), { minItems: 1, maxItems: 64 }),
  /** Font families: label shown in the menu, value = CSS font stack. */
  fontFamilies: Type.Array(Labelled, { minItems: 1, maxItems: 50 }),
  /** Font sizes offered in the menu, in `fontSizeUnit`. */
  fontSizes: Type.Array(Type.Integer({ minimum: FontSizeLimits.min, maximum: FontSizeLimits.max }), {
    minItems: 1,
    maxItems: 50,
  }),
  fontSizeUnit: Type.Union([Type.Literal('px'), Type.Literal('pt')]),
  /** Line heights: label and CSS value; an empty value means "Default" (remove). */
  lineHeights: Type.Array(Labelled, { minItems: 1, maxItems: 20 }),
  /** Paragraph styles: value = CSS class name put on the block, several at once when multiple. */
  paragraphStyles: Type.Array(Labelled, { maxItems: 50 }),
  paragraphMultipleStyles: Type.Boolean(),
  /** Inline classes: value = CSS class name put on a span around the selection. */
  inlineClasses: Type.Array(Labelled, { maxItems: 50 }),
  /** Inline styles: value = a CSS declaration list (`font-size: 20px; color: red;`). */
  inlineStyles: Type.Array(Labelled, { maxItems: 50 }),
  /** Prefix for link URLs typed without a scheme. */
  linkAutoPrefix: Type.String({ maxLength: 20 }),
  /** `rel` of links that open in a new tab. */
  linkRel: Type.String({ maxLength: 100 }),
  /** Characters the HTML export writes as named entities (FROALA-REFERENCE §11). */
  entities: Type.String({ maxLength: 2000 }),
  /** Image styles: value = CSS class on the image (FROALA-REFERENCE §16 `imageStyles`). */
  imageStyles: Type.Array(Labelled, { maxItems: 20 }),
  /** Several image styles at once (true) or one at a time. */
  imageMultipleStyles: Type.Boolean(),
  /** Table styles: value = CSS class on the table (FROALA-REFERENCE §27 `tableStyles`), several at once. */
  tableStyles: Type.Array(Labelled, { maxItems: 20 }),
  /** Cell styles: value = CSS class on the selected cells (`tableCellStyles`), several at once. */
  tableCellStyles: Type.Array(Labelled, { maxItems: 20 }),
  /**
   * The link token stays in the address bar (`#token=…`, a fragment: never sent to a server or in a
   * Referer), so a copied URL is a working link. `false` removes it once read, as before.
   */
  linkInAddressBar: Type.Boolean(),
  /** Edit in popup (FROALA-REFERENCE §13 `editInPopup`): the document title is text that opens one field. */
  editInPopup: Type.Boolean(),
  /** Pasting from Word: ask Clean or Keep every time (the default), or always clean, or always keep. */
  wordPasteMode: Type.Union([Type.Literal('ask'), Type.Literal('clean'), Type.Literal('keep')]),
  /**
   * Spell checking (FROALA-REFERENCE §41): our offline checker (Hunspell dictionaries in a worker), the
   * browser's own (`spellcheck="true"`, no worker), or none.
   */
  spellChecker: Type.Union([Type.Literal('tandem'), Type.Literal('browser'), Type.Literal('off')]),
  /** Autosave (FROALA-REFERENCE §32): a save check runs this many ms after a change; 0 turns autosave off. */
  saveInterval: Type.Integer({ minimum: 0, maximum: AutosaveLimits.maxIntervalMs }),
  /**
   * Where saves go: an absolute http(s) URL or a path on this server, `{id}` replaced by the document id;
   * null = none configured (save error 1). The link token is only sent to this document's own endpoint.
   */
  saveURL: Type.Union([Type.String({ maxLength: 2000, pattern: SAVE_URL_PATTERN }), Type.Null()]),
  saveMethod: Type.Union([Type.Literal('POST'), Type.Literal('PUT')]),
  /** Name of the form field that carries the HTML. */
  saveParam: Type.String({ pattern: SAVE_FIELD_PATTERN }),
  /** Extra form fields sent with every save. */
  saveParams: Type.Record(Type.String({ pattern: SAVE_FIELD_PATTERN }), Type.String({ maxLength: 1000 }), {
    maxProperties: AutosaveLimits.maxSaveParams,
    additionalProperties: false,
  }),
});
export type EditorOptions = Static<typeof EditorOptions>;

export { DEFAULT_COLORS, defaultEditorOptions } from './editor-option-defaults';
