import { isValidAwarenessUser } from '@shared/collab/awareness-state';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { CollabLimits } from '@shared/limits';
import { defaultName } from './display-name';
import { PRESENCE_COLORS } from './palette';

const KEY = 'tandem.identity';

/** This browser's display name and caret colour, created once and remembered. */
export function loadIdentity(): AwarenessUser {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    // A stored identity the server would refuse (4423) is replaced, not sent.
    // The viewer mark belongs to a session, never to the stored identity.
    if (isValidAwarenessUser(parsed)) return { name: parsed.name, color: parsed.color };
  } catch {
    // fall through to a new identity
  }
  const identity = {
    name: defaultName(Math.floor(100 + Math.random() * 900)),
    // A preference only: the presence list moves it when somebody present already shows it.
    color: PRESENCE_COLORS[Math.floor(Math.random() * PRESENCE_COLORS.length)] ?? PRESENCE_COLORS[0],
  };
  saveIdentity(identity);
  return identity;
}

export function saveIdentity(identity: AwarenessUser): void {
  localStorage.setItem(KEY, JSON.stringify(identity));
}

export const MAX_NAME_CHARS = CollabLimits.maxAwarenessNameChars;
