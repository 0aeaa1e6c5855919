import { describe, expect, it } from 'vitest';
import { SidePanelState } from './side-panel-state';

describe('SidePanelState', () => {
  it('keeps one side panel open at a time: opening one closes the others', () => {
    const comments = new SidePanelState();
    const suggestions = new SidePanelState();
    const versions = new SidePanelState();
    comments.set(true);
    expect(comments.open.get()).toBe(true);
    suggestions.set(true);
    expect([comments.open.get(), suggestions.open.get()]).toEqual([false, true]);
    versions.set(true);
    expect([comments.open.get(), suggestions.open.get(), versions.open.get()]).toEqual([false, false, true]);
    versions.set(false);
    comments.set(true);
    expect([comments.open.get(), suggestions.open.get(), versions.open.get()]).toEqual([true, false, false]);
    comments.set(false);
  });
});
