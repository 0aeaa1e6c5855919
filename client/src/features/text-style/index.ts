import { TextStyle } from '@tiptap/extension-text-style';
import type { Capability } from '../../editor/capability';

/**
 * The `textStyle` mark (a `<span style>`), registered once: colours, font family and size, inline
 * classes and styles add their attributes to it from their own capabilities.
 */
export const textStyle: Capability = {
  name: 'textStyle',
  extensions: [TextStyle.configure({ mergeNestedSpanStyles: true })],
  toolbar: [],
  i18n: {},
};
