/** The deployment defaults of the editor options, without the schema library (the client imports them). */
import { AutosaveLimits, LinkLimits } from './limits';
import type { EditorOptions } from './editor-options';

/** Froala's 27 colour presets (FROALA-REFERENCE §2), in its order. */
export const DEFAULT_COLORS = [
  '#61BD6D', '#1ABC9C', '#54ACD2', '#2C82C9', '#9365B8', '#475577', '#CCCCCC',
  '#41A85F', '#00A885', '#3D8EB9', '#2969B0', '#553982', '#28324E', '#000000',
  '#F7DA64', '#FBA026', '#EB6B56', '#E25041', '#A38F84', '#EFEFEF', '#FFFFFF',
  '#FAC51C', '#F37934', '#D14841', '#B8312F', '#7C706B', '#D1D5D8',
] as const; // prettier-ignore

/** The default save URL: this document's own snapshot endpoint (`{id}` = the document id). */
export const DEFAULT_SAVE_URL = '/api/documents/{id}/snapshots';

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
  tableStyles: [
    { label: 'Dashed Borders', value: 'fr-dashed-borders' },
    { label: 'Alternate Rows', value: 'fr-alternate-rows' },
  ],
  tableCellStyles: [
    { label: 'Highlighted', value: 'fr-highlighted' },
    { label: 'Thick', value: 'fr-thick' },
  ],
  linkInAddressBar: true,
  editInPopup: false,
  wordPasteMode: 'ask',
  spellChecker: 'tandem',
  saveInterval: AutosaveLimits.intervalMs,
  saveURL: DEFAULT_SAVE_URL,
  saveMethod: 'POST',
  saveParam: 'body',
  saveParams: {},
  entities:
    '"\'¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ' +
    'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρςστυφχψω' +
    '–—‘’‚“”„†‡•…‰′″‹›€™←↑→↓↔↵⇐⇑⇒⇓⇔∀∂∃∅∇∈∉∋∏∑−∗√∝∞∠∧∨∩∪∫∴∼≅≈≠≡≤≥⊂⊃⊄⊆⊇⊕⊗⊥⋅⌈⌉⌊⌋◊♠♣♥♦',
};
