import { FontSizeLimits } from '@shared/limits';

/** A custom size typed by the user: digits only, within the limits; anything else is refused (null). */
export function parseCustomFontSize(input: string): number | null {
  const text = input.trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const size = Number(text);
  return size >= FontSizeLimits.min && size <= FontSizeLimits.max ? size : null;
}

/** What the button shows for a stored size: the number in the configured unit, else the raw value. */
export function displayFontSize(value: string, unit: string): string {
  const match = /^(\d+(?:\.\d+)?)([a-z%]*)$/i.exec(value.trim());
  return match && match[2] === unit ? (match[1] ?? value) : value;
}
