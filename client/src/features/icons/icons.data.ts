import { registerIconNames } from '@shared/document/icons/icon-names';
import type { IconDrawings } from '@shared/document/icons/icon-svg';

/** Everything needed to draw icons, loaded together on first need. */
export interface IconArt {
  drawings: IconDrawings;
  /** The `<svg>` element of an icon. */
  draw(name: string): SVGSVGElement;
  /** The icon's name in a language (German from the catalog's words). */
  label(name: string, language: 'en' | 'de'): string;
}

// Caches of immutable data (the bundled set) and loaded code, the same for every editor on the page.
let art: IconArt | undefined;
let loading: Promise<IconArt> | undefined;

/** The drawings if they have already been loaded (a node view draws at once then). */
export function peekIconArt(): IconArt | undefined {
  return art;
}

/**
 * Loads every icon's drawing once, on demand (~90 KiB gzip that must stay out of the first load): when the
 * picker opens or an icon is on screen. The set's names are registered with the model at the same time.
 */
export function loadIconArt(): Promise<IconArt> {
  loading ??= Promise.all([
    import('@shared/document/icons/lucide-drawings'),
    import('./icon-drawing'),
    import('./icon-catalog'),
  ]).then(
    ([{ LUCIDE_DRAWINGS: drawings }, { drawIcon }, { iconLabel }]) => {
      registerIconNames(Object.keys(drawings).join(' '));
      art = { drawings, draw: (name) => drawIcon(drawings, name), label: iconLabel };
      return art;
    },
    (error: unknown) => {
      // Let a later attempt retry (e.g. the chunk failed to load while offline).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The set's names alone (~8 KiB gzip), so pasted icons are checked against the set soon after the editor opens. */
export function preloadIconNames(): void {
  import('@shared/document/icons/lucide-icon-set').then(
    (module) => module.registerLucideNames(),
    () => undefined,
  );
}
