import type { Awareness } from 'y-protocols/awareness';
import { isValidAwarenessState } from '@shared/collab/awareness-state';

const guarded = new WeakSet<Awareness>();

interface AwarenessChange {
  added: number[];
  updated: number[];
}

/**
 * Drops every remote awareness state that Tandem clients would not send, as it arrives, so that nothing
 * reading the awareness (named carets, presence) ever sees one. Installed once per awareness, before the
 * editor's plugins subscribe.
 */
export function guardAwareness(awareness: Awareness): void {
  if (guarded.has(awareness)) return;
  guarded.add(awareness);
  const check = (clientId: number): void => {
    if (clientId === awareness.clientID) return;
    const state = awareness.states.get(clientId);
    // Why drop at arrival instead of filtering where states are read: y-tiptap's cursor plugin and
    // Tiptap's caret storage read `awareness.states` themselves and take no filter before they dereference
    // `cursor` and `user`. Only the map entry goes: removeAwarenessStates would raise the clock and make
    // the provider announce a removal of another connection's client id, which the server refuses (4422).
    if (state !== undefined && !isValidAwarenessState(state)) awareness.states.delete(clientId);
  };
  // 'change' runs before 'update', and a state that replaces a dropped one is always a 'change'.
  awareness.on('change', ({ added, updated }: AwarenessChange) => {
    for (const clientId of added) check(clientId);
    for (const clientId of updated) check(clientId);
  });
  for (const clientId of [...awareness.states.keys()]) check(clientId);
}
