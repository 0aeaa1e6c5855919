import { useEffect, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import { isValidAwarenessState } from '@shared/collab/awareness-state';
import { pickPresenceColor, type PresentColor } from '../../lib/palette';

/** The colours the others in the document show now (valid states with a user only). */
export function othersColors(awareness: Awareness): PresentColor[] {
  const others: PresentColor[] = [];
  const own = (awareness.getLocalState() as { user?: { person?: string } } | null)?.user?.person;
  awareness.getStates().forEach((state, clientId) => {
    if (clientId === awareness.clientID || !isValidAwarenessState(state) || !state.user) return;
    // This person's other tabs show the same colour on purpose (one avatar in the presence list).
    if (own !== undefined && state.user.person === own) return;
    others.push({ clientId, color: state.user.color });
  });
  return others;
}

/** This author's shown colour: the stored preference, unless somebody present already shows it (see pickPresenceColor). */
export function usePresenceColor(awareness: Awareness, preferred: string): string {
  const [color, setColor] = useState(preferred);
  useEffect(() => {
    const update = (): void =>
      setColor((current) => pickPresenceColor(preferred, current, awareness.clientID, othersColors(awareness)));
    awareness.on('change', update);
    update();
    return () => awareness.off('change', update);
  }, [awareness, preferred]);
  return color;
}
