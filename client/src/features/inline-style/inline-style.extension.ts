import { Extension } from '@tiptap/core';
import { MAPPED_PROPERTIES, parseDeclarations, serializeDeclarations } from '@shared/document/model/css-declarations';
import { editorOptionsOf } from '@shared/document/model/model-options';
import { textStyleValue } from '@shared/document/model/text-style-model';
import { isInlineStyle } from '@shared/document/model/validators';
import { updateTextStyle } from '../text-style';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    inlineStyle: {
      /**
       * Applies every `prop: value` pair of a declaration list to the selection: font size, font family
       * and colours go to their own textStyle attributes, other safe properties to `inlineStyle`.
       */
      applyInlineStyle: (declarations: string) => ReturnType;
    };
  }
}

function ownDeclarations(value: unknown): Map<string, string> {
  return new Map(typeof value === 'string' ? parseDeclarations(value) : []);
}

/** Applies configured declaration lists to the model's textStyle attributes (`inlineStyle`: the extra ones). */
export const InlineStyle = Extension.create({
  name: 'inlineStyle',

  addCommands() {
    return {
      applyInlineStyle:
        (text) =>
        ({ tr, dispatch }) => {
          const declarations = parseDeclarations(text);
          if (declarations.length === 0) return false;
          const options = editorOptionsOf(this.editor);
          if (dispatch) {
            updateTextStyle(tr, (attrs) => {
              const next = { ...attrs };
              const own = ownDeclarations(attrs.inlineStyle);
              for (const [property, value] of declarations) {
                const attribute = MAPPED_PROPERTIES[property];
                if (!attribute) own.set(property, value);
                else {
                  // Stored as the model stores it (`rgb()` → hex); a value it refuses is dropped.
                  const stored = textStyleValue(attribute, value, options);
                  if (stored !== null) next[attribute] = stored;
                }
              }
              const serialized = serializeDeclarations([...own]);
              next.inlineStyle = isInlineStyle(serialized) ? serialized : own.size > 0 ? attrs.inlineStyle : null;
              return next;
            });
          }
          return true;
        },
    };
  },
});
