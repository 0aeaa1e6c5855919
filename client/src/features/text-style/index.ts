import { TextStyle } from '@tiptap/extension-text-style';
import type { ParseRule, TagParseRule } from '@tiptap/pm/model';
import type { Capability } from '../../editor/capability';

export { selectionTextStyles, uniformTextStyleValue, updateTextStyle } from './text-style-attrs';

const isTagRule = (rule: ParseRule): rule is TagParseRule => 'tag' in rule;

/**
 * The `textStyle` mark (a `<span style>`), registered once: colours, font family and size, inline
 * classes and styles add their attributes to it from their own capabilities.
 */
export const textStyle: Capability = {
  name: 'textStyle',
  extensions: [
    TextStyle.configure({ mergeNestedSpanStyles: true }).extend({
      // A span is a text style only when some attribute takes something from it (a known style or an
      // inline class), so pasted spans with nothing we keep leave no bare `<span>` behind.
      parseHTML() {
        const editor = this.editor;
        const recognised = (element: HTMLElement): boolean =>
          (editor?.extensionManager.attributes ?? []).some(
            ({ type, name, attribute }) =>
              type === 'textStyle' &&
              Boolean(attribute.parseHTML ? attribute.parseHTML(element) : element.getAttribute(name)),
          );
        const rules = (this.parent?.() ?? []).map((rule): ParseRule => {
          if (!isTagRule(rule) || !rule.getAttrs) return rule;
          const { getAttrs } = rule;
          return {
            ...rule,
            getAttrs: (element: HTMLElement) => {
              const attrs = getAttrs(element);
              return attrs === false || !recognised(element) ? false : attrs;
            },
          };
        });
        return [
          ...rules,
          { tag: 'span[class]:not([style])', consuming: false, getAttrs: (el) => (recognised(el) ? {} : false) },
        ];
      },
    }),
  ],
  toolbar: [],
  i18n: {},
};
