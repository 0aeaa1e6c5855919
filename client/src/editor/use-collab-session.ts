import { useEffect, useState, useSyncExternalStore } from 'react';
import { CollabSession, type SessionState } from './collab-provider';

const idle: SessionState = {
  status: { kind: 'connecting' },
  unsynced: 0,
  localReady: false,
  synced: false,
  localCopyDropped: false,
};
const noop = (): (() => void) => () => undefined;

/** Opens a CollabSession for the document while the component is mounted (a new one if `readOnly` changes). */
export function useCollabSession(
  docId: string,
  token: string | undefined,
  readOnly: boolean,
): [CollabSession | null, SessionState] {
  const [session, setSession] = useState<CollabSession | null>(null);
  useEffect(() => {
    if (!token) return undefined;
    const s = new CollabSession(docId, token, { readOnly });
    // The session owns sockets and IndexedDB handles, so it is created here, not during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSession(s);
    return () => {
      setSession(null);
      s.destroy();
    };
  }, [docId, token, readOnly]);
  const state = useSyncExternalStore(session?.subscribe ?? noop, session?.getState ?? (() => idle));
  return [session, state];
}
