import * as decoding from 'lib0/decoding';
import type { IndexeddbPersistence } from 'y-indexeddb';
import * as syncProtocol from 'y-protocols/sync';
import { messageSync, type WebsocketProvider } from 'y-websocket';

/**
 * Makes a provider that only reads: it asks for the server's state (sync step 1, sent by y-websocket on
 * open) and applies what comes back, but never sends a document update. y-websocket would otherwise
 * forward every local change of the Y.Doc and answer the server's step 1 with a step 2 holding whatever
 * this client has that the server lacks (an element y-tiptap deleted because it could not build it, old
 * offline state); the server closes a viewer for good on either. Awareness is untouched.
 */
export function restrictToReading(provider: WebsocketProvider, local: IndexeddbPersistence): void {
  provider.doc.off('update', provider._updateHandler);
  provider.messageHandlers[messageSync] = (_encoder, decoder, p, emitSynced) => {
    const type = decoding.readVarUint(decoder);
    if (type === syncProtocol.messageYjsSyncStep1) {
      // The server asks what we have that it lacks: nothing it may take from a viewer, so no answer.
      decoding.readVarUint8Array(decoder);
      return;
    }
    if (type !== syncProtocol.messageYjsSyncStep2 && type !== syncProtocol.messageYjsUpdate) return;
    syncProtocol.readSyncStep2(decoder, p.doc, p);
    if (emitSynced && type === syncProtocol.messageYjsSyncStep2) p.synced = true;
  };
  // The offline copy stores only what the server sent: it is shared with an editor link of the same
  // document in this browser, where a viewer's local-only change would later be sent as an edit.
  provider.doc.off('update', local._storeUpdate);
  provider.doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === provider && !local._destroyed) local._storeUpdate(update, origin);
  });
}
