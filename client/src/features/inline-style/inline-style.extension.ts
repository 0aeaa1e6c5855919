import { Extension } from '@tiptap/core';
import { updateTextStyle } from '../text-style';
import { MAPPED_PROPERTIES, parseDeclarations, serializeDeclarations } from '@shared/document/css-declarations';

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

/** An `inlineStyle` attribute on the shared textStyle mark: extra safe declarations of the span's style. */
export const InlineStyle = Extension.create({
  name: 'inlineStyle',

  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          inlineStyle: {
            default: null,
            // Mapped properties are parsed by their own attributes; keep only the others here.
            parseHTML: (element) => {
              const own = parseDeclarations(element.getAttribute('style') ?? '', false);
              return own.length > 0 ? serializeDeclarations(own) : null;
            },
            // Sanitised again: a peer may send any value.
            renderHTML: (attributes) => {
              const own = [...ownDeclarations(attributes.inlineStyle)];
              return own.length > 0 ? { style: serializeDeclarations(own) } : {};
            },
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      applyInlineStyle:
        (text) =>
        ({ state, tr, dispatch }) => {
          const declarations = parseDeclarations(text);
          if (declarations.length === 0) return false;
          const known = state.schema.marks.textStyle?.spec.attrs ?? {};
          if (dispatch) {
            updateTextStyle(tr, (attrs) => {
              const next = { ...attrs };
              const own = ownDeclarations(attrs.inlineStyle);
              for (const [property, value] of declarations) {
                const attribute = MAPPED_PROPERTIES[property];
                // Without that capability (no such attribute) the property stays in our own list.
                if (attribute && attribute in known) next[attribute] = value;
                else own.set(property, value);
              }
              next.inlineStyle = own.size > 0 ? serializeDeclarations([...own]) : null;
              return next;
            });
          }
          return true;
        },
    };
  },
});
