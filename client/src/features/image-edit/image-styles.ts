/** The class list as tokens, without duplicates or empty entries. */
export function classTokens(classes: string): string[] {
  return [...new Set(classes.split(/\s+/).filter(Boolean))];
}

/**
 * Toggles one image style class (Froala's `imageStyles`). With `multiple` several styles may be on
 * at once; without it, turning one on turns the other styles off. Classes that are not styles stay.
 */
export function toggleImageStyle(classes: string, style: string, styles: readonly string[], multiple: boolean): string {
  const tokens = classTokens(classes);
  if (tokens.includes(style)) return tokens.filter((t) => t !== style).join(' ');
  const kept = multiple ? tokens : tokens.filter((t) => !styles.includes(t));
  return [...kept, style].join(' ');
}

export function hasImageStyle(classes: string, style: string): boolean {
  return classTokens(classes).includes(style);
}
