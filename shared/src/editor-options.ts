import { Type, type Static } from 'typebox';
import { FontSizeLimits, LinkLimits } from './limits';

/**
 * Configurable lists and switches of the editor's capabilities (PRODUCT.md §7, FROALA-REFERENCE §2–§4,
 * §18–§24). Defaults live here; an operator may replace any field per deployment
 * (`TANDEM_EDITOR_OPTIONS`, see server/src/config.ts) and the client receives the result in `GET /api/config`.
 */

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
});
export type EditorOptions = Static<typeof EditorOptions>;

/** Froala's 27 colour presets (FROALA-REFERENCE §2), in its order. */
export const DEFAULT_COLORS = [
  '#61BD6D', '#1ABC9C', '#54ACD2', '#2C82C9', '#9365B8', '#475577', '#CCCCCC',
  '#41A85F', '#00A885', '#3D8EB9', '#2969B0', '#553982', '#28324E', '#000000',
  '#F7DA64', '#FBA026', '#EB6B56', '#E25041', '#A38F84', '#EFEFEF', '#FFFFFF',
  '#FAC51C', '#F37934', '#D14841', '#B8312F', '#7C706B', '#D1D5D8',
] as const; // prettier-ignore

export const defaultEditorOptions: EditorOptions = {
  colors: [...DEFAULT_COLORS],
  fontFamilies: [
    { label: 'Arial', value: 'Arial, Helvetica, sans-serif' },
    { label: 'Georgia', value: 'Georgia, serif' },
    { label: 'Impact', value: 'Impact, Charcoal, sans-serif' },
    { label: 'Tahoma', value: 'Tahoma, Geneva, sans-serif' },
    { label: 'Times New Roman', value: '"Times New Roman", Times, serif' },
    { label: 'Verdana', value: 'Verdana, Geneva, sans-serif' },
    { label: 'Courier New', value: '"Courier New", Courier, monospace' },
    { label: 'System UI', value: 'system-ui, sans-serif' },
  ],
  fontSizes: [8, 9, 10, 11, 12, 14, 18, 24, 30, 36, 48, 60, 72, 96],
  fontSizeUnit: 'px',
  lineHeights: [
    { label: 'Default', value: '' },
    { label: 'Single', value: '1' },
    { label: '1.15', value: '1.15' },
    { label: '1.5', value: '1.5' },
    { label: 'Double', value: '2' },
  ],
  paragraphStyles: [
    { label: 'Gray', value: 'fr-text-gray' },
    { label: 'Bordered', value: 'fr-text-bordered' },
    { label: 'Spaced', value: 'fr-text-spaced' },
    { label: 'Uppercase', value: 'fr-text-uppercase' },
  ],
  paragraphMultipleStyles: true,
  inlineClasses: [
    { label: 'Code', value: 'fr-class-code' },
    { label: 'Highlighted', value: 'fr-class-highlighted' },
    { label: 'Transparent', value: 'fr-class-transparency' },
  ],
  inlineStyles: [
    { label: 'Big Red', value: 'font-size: 20px; color: red;' },
    { label: 'Small Blue', value: 'font-size: 14px; color: blue;' },
  ],
  linkAutoPrefix: LinkLimits.autoPrefix,
  linkRel: 'noopener noreferrer',
  imageStyles: [
    { label: 'Rounded', value: 'fr-rounded' },
    { label: 'Bordered', value: 'fr-bordered' },
    { label: 'Shadow', value: 'fr-shadow' },
  ],
  imageMultipleStyles: true,
  entities:
    '"\'¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ' +
    'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρςστυφχψω' +
    '–—‘’‚“”„†‡•…‰′″‹›€™←↑→↓↔↵⇐⇑⇒⇓⇔∀∂∃∅∇∈∉∋∏∑−∗√∝∞∠∧∨∩∪∫∴∼≅≈≠≡≤≥⊂⊃⊄⊆⊇⊕⊗⊥⋅⌈⌉⌊⌋◊♠♣♥♦',
};
