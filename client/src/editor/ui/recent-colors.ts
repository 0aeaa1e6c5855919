import { ColorLimits } from '@shared/limits';
import { parseHexInput } from '@shared/document/model/color-value';

export type ColorKind = 'text' | 'background';

/** One row of the picker: the last colours applied, most recent first. */
export const RECENT_COLORS_MAX = ColorLimits.presetsPerRow;

const keyOf = (kind: ColorKind): string => `tandem.colors.recent.${kind}`;

/** The recently used colours of one kind (text / background) in this browser. */
export function readRecentColors(kind: ColorKind, storage: Storage = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(kind)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    // Stored data may be stale or edited by hand: keep only valid, distinct hex colours.
    const valid = parsed.flatMap((v) => (typeof v === 'string' ? [parseHexInput(v)] : [])).filter((v) => v !== null);
    return [...new Set(valid)].slice(0, RECENT_COLORS_MAX);
  } catch {
    return [];
  }
}

/** Puts a just-applied colour first (once), keeps the newest `RECENT_COLORS_MAX`; returns the new list. */
export function pushRecentColor(kind: ColorKind, color: string, storage: Storage = localStorage): string[] {
  const hex = parseHexInput(color);
  const current = readRecentColors(kind, storage);
  if (!hex) return current;
  const next = [hex, ...current.filter((c) => c !== hex)].slice(0, RECENT_COLORS_MAX);
  try {
    storage.setItem(keyOf(kind), JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list just is not remembered.
  }
  return next;
}
