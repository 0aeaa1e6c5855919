import { isIconName } from '@shared/document/icons/icon-names';

/** How many recently used icons the picker remembers (per browser). */
export const RECENT_ICONS_MAX = 24;
const KEY = 'tandem.icons.recent';

/** The icons inserted last in this browser, most recent first (only names of the set). */
export function readRecentIcons(storage: Storage = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    // Stored data may be stale or edited by hand: keep valid, distinct names only.
    const names = parsed.filter((v): v is string => typeof v === 'string' && isIconName(v));
    return [...new Set(names)].slice(0, RECENT_ICONS_MAX);
  } catch {
    return [];
  }
}

/** Puts a just-inserted icon first (once) and keeps the newest `RECENT_ICONS_MAX`; returns the new list. */
export function pushRecentIcon(name: string, storage: Storage = localStorage): string[] {
  const current = readRecentIcons(storage);
  if (!isIconName(name)) return current;
  const next = [name, ...current.filter((n) => n !== name)].slice(0, RECENT_ICONS_MAX);
  try {
    storage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list just is not remembered.
  }
  return next;
}
