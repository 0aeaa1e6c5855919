import type { CSSProperties } from 'react';
import { parseDeclarations } from '@shared/document/model/css-declarations';

/** A declaration list as React style, for previewing a menu entry in its own style. */
export function toReactStyle(text: string): CSSProperties {
  return Object.fromEntries(
    parseDeclarations(text).map(([p, v]) => [p.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  ) as CSSProperties;
}
