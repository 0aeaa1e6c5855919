import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor } from '../../testing/test-editor';
import { normalizeWord, wordsBetween } from './spell-words';

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function wordsOf(html: string): string[] {
  const { editor } = createTestEditor();
  editors.push(editor);
  editor.commands.setContent(html);
  const doc = editor.state.doc;
  return wordsBetween(doc, 0, doc.content.size).map((w) => {
    expect(doc.textBetween(w.from, w.to)).toBe(w.word);
    return w.word;
  });
}

describe('word extraction', () => {
  it('finds letters words with umlauts and apostrophes, across formatting', () => {
    expect(wordsOf('<p>Die Größe der Übung, don’t he<strong>llo</strong> wörld</p>')).toEqual([
      'Die',
      'Größe',
      'der',
      'Übung',
      'don’t',
      'hello',
      'wörld',
    ]);
  });

  it('skips code, code blocks, addresses, acronyms, single letters and words glued to digits', () => {
    expect(
      wordsOf(
        '<p>see <code>constt</code> at https://exmple.org/pth or www.fooo.de, mail bob@exmple.org; NASA a 3rd</p><pre><code>lett x = 1</code></pre>',
      ),
    ).toEqual(['see', 'at', 'or', 'mail']);
  });

  it('checks typographic apostrophes as plain ones', () => {
    expect(normalizeWord('don’t')).toBe("don't");
  });
});
