import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { LineBreakerLimits } from '@shared/limits';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { findBreakSpot, insertParagraphAt, type TopLevelBlock, type VerticalBox } from './breakable-blocks';
import { hardBlockTypes, isHardBlock, lineBreaker } from './index';

const offset = LineBreakerLimits.offsetPx;

/** Blocks laid out 20 px tall with 10 px gaps, starting at y = 100. */
const layout = ({ index }: TopLevelBlock): VerticalBox => ({ top: 100 + index * 30, bottom: 120 + index * 30 });
const bounds: VerticalBox = { top: 80, bottom: 1000 };

describe('lineBreaker capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('treats leaf blocks and listed types as hard, text and wrapping blocks as not', () => {
    ({ editor } = createTestEditor(lineBreaker));
    editor.commands.setContent('<p>a</p><hr><blockquote><p>q</p></blockquote><pre><code>x</code></pre>');
    const kinds = [0, 1, 2, 3].map((i) => isHardBlock(editor.state.doc.child(i)));
    expect(kinds).toEqual([false, true, false, false]);
    expect([...hardBlockTypes]).toEqual(expect.arrayContaining(['horizontalRule', 'table', 'image', 'video']));
    hardBlockTypes.add('blockquote');
    expect(isHardBlock(editor.state.doc.child(2))).toBe(true);
    hardBlockTypes.delete('blockquote');
  });

  it('finds the spot between two rules, before a first rule, and nothing near text', () => {
    ({ editor } = createTestEditor(lineBreaker));
    editor.commands.setContent('<hr><hr><p>text</p>');
    const { doc } = editor.state;
    const measured: number[] = [];
    const measure = (block: TopLevelBlock): VerticalBox => {
      measured.push(block.index);
      return layout(block);
    };
    // `<hr><hr><p>text</p>`: the rules sit at 0 and 1, the paragraph at 2.
    const block = (index: number): TopLevelBlock => ({ index, pos: index });
    // Between rule 0 (bottom 120) and rule 1 (top 130): the middle, at document position 1.
    expect(findBreakSpot(doc, block(0), 123, measure, bounds)).toEqual({ pos: 1, y: 125 });
    expect(measured.every((i) => i <= 1)).toBe(true);
    // Above the first rule: half-way to the area's top edge (20 px away), at most `offset` px.
    expect(findBreakSpot(doc, block(0), 95, layout, bounds)).toEqual({ pos: 0, y: 100 - Math.min(offset, 10) });
    // Below rule 1 comes a paragraph: the caret can go there already.
    expect(findBreakSpot(doc, block(1), 152, layout, bounds)).toBeNull();
    // 40 px away from any edge: nothing.
    expect(findBreakSpot(doc, block(0), 100 - 40, layout, bounds)).toBeNull();
    expect(findBreakSpot(doc, block(2), 190 + 40, layout, bounds)).toBeNull();
  });

  it('inserts an empty paragraph between two rules with the caret in it, as one undo step', () => {
    ({ editor } = createTestEditor(lineBreaker));
    editor.commands.setContent('<p>a</p><hr><hr><p>b</p>');
    (
      yUndoPluginKey.getState(editor.state) as { undoManager: { stopCapturing: () => void } }
    ).undoManager.stopCapturing();
    // <p>a</p> is 3 wide, the first rule 1: the gap between the rules is at 4.
    expect(insertParagraphAt(editor, 4)).toBe(true);
    expect(htmlOf(editor)).toBe('<p>a</p><hr><p></p><hr><p>b</p>');
    expect(editor.state.selection.empty).toBe(true);
    expect(editor.state.selection.from).toBe(5);
    expect(editor.state.selection.$from.parent.type.name).toBe('paragraph');
    // Not inside a block.
    expect(insertParagraphAt(editor, 2)).toBe(false);
    editor.commands.undo();
    expect(htmlOf(editor)).toBe('<p>a</p><hr><hr><p>b</p>');
  });
});
