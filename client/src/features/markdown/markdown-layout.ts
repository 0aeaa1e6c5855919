import { MarkdownLimits } from '@shared/limits';

/** Id of the Markdown pane in the editor's surface state. */
export const MARKDOWN_PANE = 'markdown';

const OPEN_KEY = 'tandem.markdown.open';
const SPLIT_KEY = 'tandem.markdown.split';
/** The rich text's share of the width when nothing is remembered. */
export const DEFAULT_SPLIT = 0.5;

/** Whether this author had the Markdown view open (remembered per browser). */
export function loadMarkdownOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function saveMarkdownOpen(open: boolean): void {
  try {
    localStorage.setItem(OPEN_KEY, open ? '1' : '0');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The rich text's remembered share of the width (0…1). */
export function loadSplit(): number {
  try {
    const value = Number(localStorage.getItem(SPLIT_KEY));
    return value > 0 && value < 1 ? value : DEFAULT_SPLIT;
  } catch {
    return DEFAULT_SPLIT;
  }
}

export function saveSplit(split: number): void {
  try {
    localStorage.setItem(SPLIT_KEY, String(split));
  } catch {
    // As above.
  }
}

/** The narrowest a pane may get: 125 px with a mouse, 100 px by touch (FROALA-REFERENCE §35). */
export function minPaneWidth(pointer: string): number {
  return pointer === 'touch' ? MarkdownLimits.minPaneWidthPx : MarkdownLimits.maxPaneMinWidthPx;
}

/** The rich text's share for a divider at `x` px in a row `width` px wide, both panes at least `min` px. */
export function clampSplit(x: number, width: number, min: number, divider: number): number {
  if (width <= 2 * min + divider) return DEFAULT_SPLIT;
  const clamped = Math.min(Math.max(x, min), width - divider - min);
  return clamped / width;
}
