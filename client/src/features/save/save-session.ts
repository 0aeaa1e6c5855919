import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Awareness } from 'y-protocols/awareness';
import { exportBodyHtml } from '@shared/document/html/html-export';
import { acceptedSuggestions } from '@shared/document/model/suggestion-outputs';
import { Errors } from '@shared/errors';
import type { CapabilityContext, CapabilitySession } from '../../editor/core/capability';
// The English messages of errors.SAVE_NO_URL / SAVE_FAILED, shown by the status bar.
import '../../lib/error-catalogue';
import { indexedDbPendingStore } from './pending-store';
import { SaveCoordinator, type SaveView } from './save-election';
import { SaveEngine } from './save-engine';
import { saveSettings } from './save-request';
import type { SaveStart } from './save.extension';
import type { SaveStatusStore, SessionView } from './save-status-store';

/** The part of the y-websocket provider autosave uses. */
interface CollabProvider {
  awareness: Awareness;
  synced: boolean;
  on(event: 'sync', f: (synced: boolean) => void): void;
  off(event: 'sync', f: (synced: boolean) => void): void;
}

/** The provider the collaboration carets were configured with (see create-editor.ts). */
function collabOf(editor: Editor): CollabProvider | null {
  const caret = editor.extensionManager.extensions.find((extension) => extension.name === 'collaborationCaret');
  const provider: unknown = caret?.options.provider;
  if (typeof provider !== 'object' || provider === null || !('awareness' in provider)) return null;
  return provider as CollabProvider;
}

function whenSynced(provider: CollabProvider): Promise<void> {
  if (provider.synced) return Promise.resolve();
  return new Promise((resolve) => {
    const onSync = (synced: boolean): void => {
      if (!synced) return;
      provider.off('sync', onSync);
      resolve();
    };
    provider.on('sync', onSync);
  });
}

function errorOf(view: SaveView): SessionView['error'] {
  if (view.state === 'noUrl') return { code: 'SAVE_NO_URL', number: Errors.SAVE_NO_URL.baseline.number };
  if (view.state === 'retrying') return { code: 'SAVE_FAILED', number: Errors.SAVE_FAILED.baseline.number };
  return null;
}

/**
 * This editor's autosave: the engine (timing, retries, the pending body in IndexedDB) with the document's
 * clean HTML, elected as saver or not through awareness, its view pushed to the status bar's store.
 */
export async function startSaveSession(
  editor: Editor,
  context: CapabilityContext & { session: CapabilitySession },
  status: SaveStatusStore,
  start: SaveStart,
): Promise<{ save: () => void; dispose: () => void }> {
  const collab = collabOf(editor);
  if (editor.isDestroyed || !collab) return { save: () => undefined, dispose: () => undefined };
  const { docId, token } = context.session;
  // The autosave body is the document with its suggestions accepted (issue 28), as the exports' default.
  const htmlOf = (doc: PmNode): string => exportBodyHtml(acceptedSuggestions(doc), context.options.entities);
  const engine = new SaveEngine({
    docId,
    settings: saveSettings(context.options, docId, token, window.location.origin),
    html: () => htmlOf(editor.state.doc),
    pending: indexedDbPendingStore(),
  });
  const coordinator = new SaveCoordinator(collab.awareness, engine);
  const onUpdate = (): void => engine.changed();
  const show = (): void => {
    const view = coordinator.view();
    status.set({ state: view.state, at: view.at, error: errorOf(view) });
  };
  const unsubscribe = coordinator.subscribe(show);
  let disposed = false;
  const onPageHide = (): void => engine.flush();
  // Back online: what waited for the connection is saved now, not at the next backoff step.
  const onOnline = (): void => engine.retryNow();
  const dispose = (): void => {
    if (disposed) return;
    disposed = true;
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('online', onOnline);
    editor.off('update', onUpdate);
    unsubscribe();
    coordinator.dispose();
    engine.dispose();
  };
  // The document before the sync is not what anyone saved.
  await whenSynced(collab);
  if (editor.isDestroyed) return { save: () => undefined, dispose };
  engine.adoptBaseline(start.before ? htmlOf(start.before) : undefined);
  editor.on('update', onUpdate);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('online', onOnline);
  coordinator.start();
  show();
  if (start.before) engine.changed();
  void engine.restore();
  return { save: () => engine.save(), dispose };
}
