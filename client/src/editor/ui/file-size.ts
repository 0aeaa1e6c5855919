const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Human-readable size in the UI language: `1.5 MB` in English, `1,5 MB` in German (1 KB = 1024 B). */
export function formatFileSize(bytes: number, locale: string): string {
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit] ?? 'B'}`;
}
