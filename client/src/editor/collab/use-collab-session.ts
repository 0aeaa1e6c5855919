import { useEffect, useState, useSyncExternalStore } from 'react';
import { tokenFromLocation } from '../../lib/link-token';
import { roleOfToken } from '../../lib/recent-documents';
import { documentIdOfPage } from '../../lib/route';
import { CollabSession, type SessionState } from './collab-provider';
import { noteBusy } from '../core/lazy';

const idle: SessionState = {
  status: { kind: 'connecting' },
  unsynced: 0,
  localReady: false,
  synced: false,
  localCopyDropped: false,
};
const noop = (): (() => void) => () => undefined;

const keyOf = (docId: string, token: string, readOnly: boolean): string => `${docId}\n${token}\n${readOnly}`;
let early: { key: string; session: CollabSession } | null = null;

/**
 * Opens the session of the document in the address bar before React renders (with the same token and
 * role the editor page will ask for): the socket connects and the server loads the document while the
 * page boots, instead of after its first render.
 */
export function openSessionForLocation(): void {
  const docId = documentIdOfPage();
  const token = docId ? tokenFromLocation(docId) : undefined;
  if (!docId || !token) return;
  const readOnly = roleOfToken(token) !== 'editor';
  early = { key: keyOf(docId, token, readOnly), session: new CollabSession(docId, token, { readOnly }) };
}

/** The early session if it is the one asked for; one that is not (other role or document) is closed. */
function takeEarlySession(key: string): CollabSession | null {
  const found = early;
  early = null;
  if (!found) return null;
  if (found.key === key) return found.session;
  found.session.destroy();
  return null;
}

/** Opens a CollabSession for the document while the component is mounted (a new one if `readOnly` changes). */
export function useCollabSession(
  docId: string,
  token: string | undefined,
  readOnly: boolean,
): [CollabSession | null, SessionState] {
  const [session, setSession] = useState<CollabSession | null>(null);
  useEffect(() => {
    if (!token) return undefined;
    const s = takeEarlySession(keyOf(docId, token, readOnly)) ?? new CollabSession(docId, token, { readOnly });
    // The session owns sockets and IndexedDB handles, so it is created here, not during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSession(s);
    return () => {
      setSession(null);
      s.destroy();
    };
  }, [docId, token, readOnly]);
  const state = useSyncExternalStore(session?.subscribe ?? noop, session?.getState ?? (() => idle));
  // Chunks prefetched when idle wait until the document has arrived and the author paused.
  useEffect(() => {
    if (state.synced) noteBusy();
  }, [state.synced]);
  return [session, state];
}
