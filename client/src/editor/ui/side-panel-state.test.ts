import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { SidePanelState } from './side-panel-state';

/** Only its identity matters to the panels. */
const anEditor = (): Editor => ({}) as Editor;

function panelsOf(editor: Editor): SidePanelState[] {
  return [new SidePanelState(), new SidePanelState(), new SidePanelState()].map((panel) => {
    panel.join(editor);
    return panel;
  });
}

const openOf = (panels: SidePanelState[]): boolean[] => panels.map((panel) => panel.open.get());

describe('SidePanelState', () => {
  it('keeps one side panel open at a time: opening one closes the others', () => {
    const [comments, suggestions, versions] = panelsOf(anEditor()) as [SidePanelState, SidePanelState, SidePanelState];
    comments.set(true);
    expect(comments.open.get()).toBe(true);
    suggestions.set(true);
    expect(openOf([comments, suggestions])).toEqual([false, true]);
    versions.set(true);
    expect(openOf([comments, suggestions, versions])).toEqual([false, false, true]);
    versions.set(false);
    comments.set(true);
    expect(openOf([comments, suggestions, versions])).toEqual([true, false, false]);
    comments.set(false);
  });

  it('leaves the panels of another editor on the page alone', () => {
    const first = panelsOf(anEditor());
    const second = panelsOf(anEditor());
    first[0]?.set(true);
    second[1]?.set(true);
    expect(openOf(first)).toEqual([true, false, false]);
    expect(openOf(second)).toEqual([false, true, false]);
  });
});
