import type { Extension } from '@tiptap/core';
import { TextStyleModel } from '@shared/document/model/text-style-model';
import type { Capability } from '../../editor/core/capability';

export { selectionTextStyles, uniformTextStyleValue, updateTextStyle } from './text-style-attrs';

/**
 * The commands of Tiptap's extension for one textStyle attribute (FontFamily, Color…) without its global
 * attribute: the model's textStyle mark declares every attribute, with its parser and validator.
 */
export function commandsOf<Options, Storage>(extension: Extension<Options, Storage>): Extension<Options, Storage> {
  return extension.extend({
    addGlobalAttributes() {
      return [];
    },
  });
}

/**
 * The model's `textStyle` mark (a `<span style class>` with font, colours, inline classes and styles),
 * registered once for the capabilities that set its attributes.
 */
export const textStyle: Capability = {
  name: 'textStyle',
  extensions: (context) => [TextStyleModel.configure({ editorOptions: context.options })],
  toolbar: [],
  i18n: {},
};
