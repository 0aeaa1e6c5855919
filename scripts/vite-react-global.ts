import type { Plugin } from 'vite';

/** Files of the image editor library that call `React.createElement` without importing React. */
const LIBRARY = /[\\/]react-filerobot-image-editor[\\/]lib[\\/].+\.js$/;
const USES_REACT = /\bReact\.createElement\b/;
const IMPORTS_REACT = /\bimport\s+React\b/;

/** Adds the missing `import React from 'react'` to such a file (else it fails with "React is not defined"). */
export function addReactImport(code: string): string | null {
  if (!USES_REACT.test(code) || IMPORTS_REACT.test(code)) return null;
  return `import React from 'react';\n${code}`;
}

/**
 * react-filerobot-image-editor 5.0.1 ships three modules (HistoryButtons, TabsNavbar, TabsResponsive)
 * compiled for a global `React`; this gives them the import instead of putting React on `window`.
 */
export function filerobotReactImport(): Plugin {
  return {
    name: 'tandem-filerobot-react-import',
    transform(code, id) {
      if (!LIBRARY.test(id)) return null;
      const fixed = addReactImport(code);
      return fixed === null ? null : { code: fixed, map: null };
    },
  };
}
