import { afterEach, describe, expect, it } from 'vitest';
import { clearCodeViewDraft, loadCodeViewDraft, saveCodeViewDraft } from './code-view-draft';

describe('code view draft', () => {
  afterEach(() => localStorage.clear());

  it('keeps the typed text and its base per document until cleared', () => {
    expect(saveCodeViewDraft('doc-1', { shown: '<p>a</p>', text: '<p>ab</p>' })).toBe(true);
    expect(loadCodeViewDraft('doc-1')).toEqual({ shown: '<p>a</p>', text: '<p>ab</p>' });
    expect(loadCodeViewDraft('doc-2')).toBeNull();
    clearCodeViewDraft('doc-1');
    expect(loadCodeViewDraft('doc-1')).toBeNull();
  });

  it('stores nothing when the text is what the view showed', () => {
    saveCodeViewDraft('doc-1', { shown: '<p>a</p>', text: '<p>ab</p>' });
    saveCodeViewDraft('doc-1', { shown: '<p>a</p>', text: '<p>a</p>' });
    expect(localStorage.getItem('tandem.codeView.draft.doc-1')).toBeNull();
  });

  it('ignores a stored value of the wrong shape', () => {
    localStorage.setItem('tandem.codeView.draft.doc-1', '{"shown":1}');
    expect(loadCodeViewDraft('doc-1')).toBeNull();
    localStorage.setItem('tandem.codeView.draft.doc-1', 'not json');
    expect(loadCodeViewDraft('doc-1')).toBeNull();
  });
});
