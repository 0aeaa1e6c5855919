import { createOpenState } from '../../editor/ui/open-state';

/** Open state of the "Manage Images" modal (the image popup's Browse tab and edit popup open it). */
export const imageManagerOpen = createOpenState();

let pendingReplacePos: number | undefined;

/**
 * Opens the image manager. `replacePos`: the image that Insert replaces; without it, the image
 * selected at this moment (if any) is replaced, else Insert adds a new image at the caret.
 */
export function openImageManager(options: { replacePos?: number } = {}): void {
  pendingReplacePos = options.replacePos;
  imageManagerOpen.set(true);
}

/** The image Insert replaces, as asked by the last `openImageManager` call (kept apart from the lazy modal). */
export function takeReplacePos(): number | undefined {
  return pendingReplacePos;
}

export function closeImageManager(): void {
  pendingReplacePos = undefined;
  imageManagerOpen.set(false);
}
