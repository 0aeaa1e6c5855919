import type { AttrValidator } from '../model/model-types';

/**
 * The icon names the document model accepts (FROALA-REFERENCE §39: an icon is stored as its name in the
 * bundled set). The set is loaded data: the server's model registers it when it is built
 * (`createDocumentModel`), the browser when the icon data first loads, so the editor's first load does not
 * carry it. Until then the browser checks the spelling only; the server always checks membership.
 */

/** A Lucide name: lower-case words of letters and digits joined by single hyphens. */
const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ICON_NAME_MAX_CHARS = 64;

// A cache of immutable data (the set of the bundled version), the same for every editor and document.
let known: ReadonlySet<string> | null = null;

/** Registers the bundled set's names (a space-separated list, as `lucide-names.ts` holds them). */
export function registerIconNames(names: string): void {
  if (known === null) known = new Set(names.split(' ').filter(Boolean));
}

/** Whether the set's names are registered here (always on the server). */
export function iconNamesRegistered(): boolean {
  return known !== null;
}

/** The name of an icon of the bundled set. */
export const isIconName: AttrValidator = (value) =>
  typeof value === 'string' &&
  value.length <= ICON_NAME_MAX_CHARS &&
  ICON_NAME.test(value) &&
  (known === null || known.has(value));

/** `arrow-big-left` → `Arrow big left`: the English name people read (the set has no other). */
export function iconDisplayName(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
