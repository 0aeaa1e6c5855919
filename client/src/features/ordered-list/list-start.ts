import { DocumentModelLimits } from '@shared/limits';

/** Largest start number accepted (keeps the value a safe, short integer). */
export const maxListStart = DocumentModelLimits.maxListStart;

/** Parses the start-number input: a whole number from 0 to {@link maxListStart}, else null. */
export function parseListStart(input: string): number | null {
  const text = input.trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= maxListStart ? value : null;
}
