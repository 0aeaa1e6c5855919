/** The first family of a CSS font stack, unquoted and lower-cased (`"Times New Roman", serif` → `times new roman`). */
export function firstFamily(stack: string): string {
  const first = stack.split(',')[0] ?? '';
  return first
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim()
    .toLowerCase();
}

/** The configured entry whose stack starts with the same family as `value`, if any. */
export function matchFontFamily<T extends { value: string }>(entries: readonly T[], value: string): T | undefined {
  const family = firstFamily(value);
  return family ? entries.find((e) => firstFamily(e.value) === family) : undefined;
}
