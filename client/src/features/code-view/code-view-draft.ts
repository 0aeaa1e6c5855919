/**
 * The code view's unapplied text, kept per document in this browser so that a reload or a crash while the
 * view is open loses nothing: the view opens again with the text, and leaving it merges as usual against
 * the HTML the author started from.
 */
export interface CodeViewDraft {
  /** The HTML the view showed when the author started (the merge base). */
  shown: string;
  /** What the author has typed since. */
  text: string;
}

const key = (docId: string): string => `tandem.codeView.draft.${docId}`;

export function loadCodeViewDraft(docId: string): CodeViewDraft | null {
  try {
    const raw = localStorage.getItem(key(docId));
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { shown, text } = value as Record<string, unknown>;
    return typeof shown === 'string' && typeof text === 'string' ? { shown, text } : null;
  } catch {
    return null;
  }
}

/** Stores the draft; false when the browser refused (storage full or disabled). */
export function saveCodeViewDraft(docId: string, draft: CodeViewDraft): boolean {
  try {
    if (draft.text === draft.shown) localStorage.removeItem(key(docId));
    else localStorage.setItem(key(docId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearCodeViewDraft(docId: string): void {
  try {
    localStorage.removeItem(key(docId));
  } catch {
    // Storage disabled: there is nothing to clear.
  }
}
