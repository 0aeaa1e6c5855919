import { isValidAwarenessUser } from '@shared/collab/awareness-state';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { CollabLimits } from '@shared/limits';
import { defaultName } from './display-name';
import { PRESENCE_COLORS } from './palette';

const KEY = 'tandem.identity';

/** A random id for this browser (12 base64url characters), the same in all its tabs. */
function newPersonId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}

/** This browser's display name, caret colour and person id, created once and remembered. */
export function loadIdentity(): AwarenessUser {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    // A stored identity the server would refuse (4423) is replaced, not sent.
    // The viewer mark belongs to a session, never to the stored identity.
    if (isValidAwarenessUser(parsed)) {
      // Identities stored before person ids existed get one now.
      const identity = { name: parsed.name, color: parsed.color, person: parsed.person ?? newPersonId() };
      if (!parsed.person) saveIdentity(identity);
      return identity;
    }
  } catch {
    // fall through to a new identity
  }
  const identity = {
    person: newPersonId(),
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
