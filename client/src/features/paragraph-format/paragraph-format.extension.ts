import { Extension } from '@tiptap/core';
import type { Node as PmNode, NodeType } from '@tiptap/pm/model';
import { TextSelection, type EditorState } from '@tiptap/pm/state';

export const formats = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'code'] as const;
export type ParagraphFormat = (typeof formats)[number];

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    paragraphFormat: {
      /**
       * Converts every selected block to Normal, Heading 1–4 or Code, keeping its attributes
       * (alignment, line height, style); several lines turned into Code become one code block.
       */
      setParagraphFormat: (format: ParagraphFormat) => ReturnType;
    };
  }
}

/** The format of the block at the start of the selection, or null (another heading level, a list…). */
export function currentFormat(state: EditorState): ParagraphFormat | null {
  const block = state.selection.$from.parent;
  if (block.type.name === 'paragraph') return 'paragraph';
  if (block.type.name === 'codeBlock') return 'code';
  if (block.type.name === 'heading') {
    const id = `h${String(block.attrs.level)}`;
    return (formats as readonly string[]).includes(id) ? (id as ParagraphFormat) : null;
  }
  return null;
}

function target(
  state: EditorState,
  format: ParagraphFormat,
): { type: NodeType; attrs: Record<string, unknown> } | null {
  const { nodes } = state.schema;
  const type = format === 'paragraph' ? nodes.paragraph : format === 'code' ? nodes.codeBlock : nodes.heading;
  if (!type) return null;
  return { type, attrs: format.startsWith('h') ? { level: Number(format.slice(1)) } : {} };
}

const lineOf = (block: PmNode): string =>
  block.textBetween(0, block.content.size, '\n', (leaf) => (leaf.type.name === 'hardBreak' ? '\n' : ''));

/** The paragraph formats of FROALA-REFERENCE §22 and their Mod-Alt-0…4 shortcuts. */
export const ParagraphFormatExtension = Extension.create({
  name: 'paragraphFormat',
  // Before StarterKit's own Mod-Alt-N shortcuts, which lose the attributes of a multi-block selection.
  priority: 110,

  addCommands() {
    return {
      setParagraphFormat:
        (format) =>
        ({ state, tr, dispatch, commands }) => {
          const goal = target(state, format);
          if (!goal) return false;
          const { type, attrs } = goal;
          const { $from, $to, from, to } = state.selection;

          const blocks: PmNode[] = [];
          state.doc.nodesBetween(from, to, (node) => {
            if (node.isTextblock) blocks.push(node);
            return !node.isTextblock;
          });
          if (blocks.every((b) => b.type === type && (!('level' in attrs) || b.attrs.level === attrs.level))) {
            return blocks.length > 0;
          }

          // Adjacent lines turned into Code become one code block, one line each.
          const range = $from.blockRange($to);
          if (
            format === 'code' &&
            range &&
            range.endIndex - range.startIndex > 1 &&
            blocks.length === range.endIndex - range.startIndex &&
            range.parent.canReplaceWith(range.startIndex, range.endIndex, type)
          ) {
            if (dispatch) {
              const text = blocks.map(lineOf).join('\n');
              tr.replaceWith(range.start, range.end, type.create(null, text ? state.schema.text(text) : null));
              tr.setSelection(TextSelection.create(tr.doc, range.start + 1, range.start + 1 + text.length));
            }
            return true;
          }

          const keep = (node: PmNode): Record<string, unknown> => {
            const kept: Record<string, unknown> = {};
            for (const name of Object.keys(type.spec.attrs ?? {})) {
              if (name in node.attrs) kept[name] = node.attrs[name];
            }
            return { ...kept, ...attrs };
          };
          const steps = tr.steps.length;
          tr.setBlockType(from, to, type, keep);
          if (tr.steps.length > steps) return true;
          // Nothing could change in place (the first paragraph of a list item): Tiptap lifts it first.
          return commands.setNode(type, attrs);
        },
    };
  },

  addKeyboardShortcuts() {
    return {
      'Mod-Alt-0': () => this.editor.commands.setParagraphFormat('paragraph'),
      'Mod-Alt-1': () => this.editor.commands.setParagraphFormat('h1'),
      'Mod-Alt-2': () => this.editor.commands.setParagraphFormat('h2'),
      'Mod-Alt-3': () => this.editor.commands.setParagraphFormat('h3'),
      'Mod-Alt-4': () => this.editor.commands.setParagraphFormat('h4'),
    };
  },
});
