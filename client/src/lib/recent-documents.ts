import { DocumentLimits } from '@shared/limits';
import { MY_DOCUMENTS_LINK_KEY } from './my-documents-key';
import { roleOfToken, roleStrength, type TokenRole } from './token-role';

/**
 * Runs `sync` with the list code when this browser keeps a "My documents" link: nothing leaves the browser
 * without one, and the code stays out of the first load (it comes in the background).
 */
function withListSync(sync: (list: typeof import('./my-documents')) => void): void {
  if (localStorage.getItem(MY_DOCUMENTS_LINK_KEY) === null) return;
  import('./my-documents').then(sync, () => undefined);
}

export interface RecentDocument {
  id: string;
  token: string;
  title: string;
  openedAt: number;
  /** Known when this browser created the document, so its author can share a read-only link. */
  viewerToken?: string;
}

const KEY = 'tandem.recent';

export function loadRecent(): RecentDocument[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (d): d is RecentDocument =>
        typeof d === 'object' && d !== null && typeof d.id === 'string' && typeof d.token === 'string',
    );
  } catch {
    return [];
  }
}

/** Remembers a document with its token (newest first, capped); keeps a stronger token over a weaker one. */
export function rememberDocument(id: string, token: string, title = '', viewerToken?: string): void {
  const list = loadRecent();
  const existing = list.find((d) => d.id === id);
  const keepToken = existing && roleStrength(roleOfToken(existing.token)) > roleStrength(roleOfToken(token));
  const entry: RecentDocument = {
    id,
    token: keepToken ? existing.token : token,
    title: title || existing?.title || '',
    openedAt: Date.now(),
  };
  const knownViewer = viewerToken ?? existing?.viewerToken;
  if (knownViewer) entry.viewerToken = knownViewer;
  const next = [entry, ...list.filter((d) => d.id !== id)].slice(0, DocumentLimits.recentDocumentsMax);
  localStorage.setItem(KEY, JSON.stringify(next));
  // With a "My documents" link, every document opened here joins the list (nothing is sent without one).
  const stored = entry.token;
  withListSync((list) => {
    list.queuePut(id, stored);
    list.flushSoon();
  });
}

/** Puts back an entry that `forgetDocument` removed (undo), at its old place in the list and on the server's list. */
export function restoreRecent(entry: RecentDocument): void {
  const list = loadRecent().filter((d) => d.id !== entry.id);
  const at = list.findIndex((d) => d.openedAt < entry.openedAt);
  list.splice(at === -1 ? list.length : at, 0, entry);
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, DocumentLimits.recentDocumentsMax)));
  withListSync((sync) => {
    sync.queuePut(entry.id, entry.token);
    sync.flushSoon();
  });
}

/** Removes a document from this browser's list, and from the server's list when there is one. */
export function forgetDocument(id: string): void {
  localStorage.setItem(KEY, JSON.stringify(loadRecent().filter((d) => d.id !== id)));
  withListSync((list) => {
    list.queueRemove(id);
    list.flushSoon();
  });
}

export function updateRecentTitle(id: string, title: string): void {
  const list = loadRecent();
  const item = list.find((d) => d.id === id);
  if (!item || item.title === title) return;
  item.title = title;
  localStorage.setItem(KEY, JSON.stringify(list));
}

export function tokenFor(id: string): string | undefined {
  return loadRecent().find((d) => d.id === id)?.token;
}

export { roleOfToken, type TokenRole };
