import { isValidAwarenessUser } from '@shared/collab/awareness-state';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { CollabLimits } from '@shared/limits';

const KEY = 'tandem.identity';
const COLORS = ['#e03131', '#2f9e44', '#1971c2', '#f08c00', '#9c36b5', '#0c8599', '#c2255c', '#5c940d'];

/** This browser's display name and caret colour, created once and remembered. */
export function loadIdentity(): AwarenessUser {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    // A stored identity the server would refuse (4423) is replaced, not sent.
    if (isValidAwarenessUser(parsed)) return { name: parsed.name, color: parsed.color };
  } catch {
    // fall through to a new identity
  }
  const identity = {
    name: `Guest ${Math.floor(100 + Math.random() * 900)}`,
    color: COLORS[Math.floor(Math.random() * COLORS.length)] ?? '#1971c2',
  };
  saveIdentity(identity);
  return identity;
}

export function saveIdentity(identity: AwarenessUser): void {
  localStorage.setItem(KEY, JSON.stringify(identity));
}

export const MAX_NAME_CHARS = CollabLimits.maxAwarenessNameChars;
