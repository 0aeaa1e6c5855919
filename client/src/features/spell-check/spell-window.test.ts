import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../testing/test-editor';
import { blockWindow, clipRanges } from './spell-window';

describe('the checked window', () => {
  it('covers the visible blocks and the margin around them, as whole blocks', () => {
    const { editor } = createTestEditor();
    editor.commands.setContent(Array.from({ length: 10 }, (_, i) => `<p>p${String(i)}</p>`).join(''));
    const doc = editor.state.doc;
    // Each "<p>pN</p>" is 4 positions wide.
    expect(blockWindow(doc, 4, 5, 1)).toEqual({ from: 12, to: 28 });
    expect(blockWindow(doc, 0, 0, 3)).toEqual({ from: 0, to: 16 });
    expect(blockWindow(doc, 8, 9, 5)).toEqual({ from: 12, to: doc.content.size });
    editor.destroy();
  });

  it('clips ranges to the window and drops those outside it', () => {
    expect(
      clipRanges(
        [
          { from: 0, to: 10 },
          { from: 20, to: 40 },
          { from: 50, to: 60 },
        ],
        { from: 8, to: 30 },
      ),
    ).toEqual([
      { from: 8, to: 10 },
      { from: 20, to: 30 },
    ]);
  });
});
