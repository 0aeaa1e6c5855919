import { PRESENCE_COLORS } from '../../lib/palette';

/**
 * The colour of an author's suggestions: one of the presence palette's, chosen by the name (FNV-1a), so every
 * reader draws one author's changes in the same colour without asking anybody.
 */
export function authorColor(name: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return PRESENCE_COLORS[hash % PRESENCE_COLORS.length] ?? PRESENCE_COLORS[0];
}
