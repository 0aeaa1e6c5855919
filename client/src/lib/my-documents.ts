import type { ListItem } from '@shared/api/lists';
import { listLink } from '@shared/api/links';
import { isValidDocId } from '@shared/api/doc-id';
import { api, ApiError } from './api-client';
import { MY_DOCUMENTS_LINK_KEY } from './my-documents-key';
import { roleOfToken, roleStrength } from './token-role';

/**
 * The "My documents" list link of this browser (issue 25), when its user asked to keep the list on the server:
 * without one nothing of the list leaves the browser. Changes wait in a queue in localStorage until the server
 * has them, so documents opened offline reach the list later.
 */
export interface ListLink {
  id: string;
  token: string;
}

/** A document this browser holds a link token for. */
export interface LocalDocument {
  id: string;
  token: string;
}

interface Pending {
  /** Documents to store, with the link token to store for each. */
  put: LocalDocument[];
  remove: string[];
}

const LINK_KEY = MY_DOCUMENTS_LINK_KEY;
const PENDING_KEY = 'tandem.myDocuments.pending';
const CACHE_KEY = 'tandem.myDocuments.cache';

function read(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function loadListLink(): ListLink | null {
  const v = read(LINK_KEY);
  if (!isRecord(v) || typeof v.id !== 'string' || typeof v.token !== 'string' || !isValidDocId(v.id)) return null;
  return { id: v.id, token: v.token };
}

/** Uses `link` from now on; the queue and the copy of another list are dropped. */
export function saveListLink(link: ListLink): void {
  if (loadListLink()?.id !== link.id) {
    localStorage.removeItem(PENDING_KEY);
    localStorage.removeItem(CACHE_KEY);
  }
  localStorage.setItem(LINK_KEY, JSON.stringify(link));
}

/** Stops using the list link here (the server refused it for good); the browser's own list stays. */
export function forgetListLink(): void {
  for (const key of [LINK_KEY, PENDING_KEY, CACHE_KEY]) localStorage.removeItem(key);
}

export function listUrl(link: ListLink, origin = window.location.origin): string {
  return listLink(origin, link.id, link.token);
}

/** The list link a page address carries (`/l/:id#token=…`), or null. */
export function listLinkFromLocation(pathname: string, hash: string): ListLink | null {
  const match = /^\/l\/([^/]+)\/?$/.exec(pathname);
  const id = match?.[1] ? decodeURIComponent(match[1]) : '';
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return isValidDocId(id) && token ? { id, token } : null;
}

function loadPending(): Pending {
  const v = read(PENDING_KEY);
  const put: LocalDocument[] = [];
  const remove: string[] = [];
  if (isRecord(v)) {
    if (Array.isArray(v.put)) {
      for (const d of v.put as unknown[]) {
        if (isRecord(d) && typeof d.id === 'string' && typeof d.token === 'string')
          put.push({ id: d.id, token: d.token });
      }
    }
    if (Array.isArray(v.remove)) for (const id of v.remove as unknown[]) if (typeof id === 'string') remove.push(id);
  }
  return { put, remove };
}

function savePending(p: Pending): void {
  localStorage.setItem(PENDING_KEY, JSON.stringify(p));
}

/** Queues a document for the list (nothing when this browser has no list link). */
export function queuePut(docId: string, token: string): void {
  if (!loadListLink()) return;
  const p = loadPending();
  p.put = [...p.put.filter((d) => d.id !== docId), { id: docId, token }];
  p.remove = p.remove.filter((id) => id !== docId);
  savePending(p);
}

export function queueRemove(docId: string): void {
  if (!loadListLink()) return;
  const p = loadPending();
  p.put = p.put.filter((d) => d.id !== docId);
  if (!p.remove.includes(docId)) p.remove.push(docId);
  savePending(p);
  const cached = cachedItems();
  if (cached) cacheItems(cached.filter((i) => i.id !== docId));
}

/** Documents queued for the list that the server does not have yet. */
export function pendingPuts(): LocalDocument[] {
  return loadPending().put;
}

/** The list as the server last sent it (shown offline), or null before the first answer. */
export function cachedItems(): ListItem[] | null {
  const v = read(CACHE_KEY);
  return Array.isArray(v) ? (v as ListItem[]).filter((i) => isRecord(i) && typeof i.id === 'string') : null;
}

function cacheItems(items: ListItem[]): void {
  localStorage.setItem(CACHE_KEY, JSON.stringify(items));
}

export type ListApi = Pick<typeof api, 'createList' | 'getList' | 'putListItem' | 'removeListItem'>;

/** Creates this browser's list (only when its user asks) and queues every document it has opened. */
export async function startList(local: readonly LocalDocument[], client: ListApi = api): Promise<ListLink> {
  const created = await client.createList();
  const link = { id: created.id, token: created.token };
  saveListLink(link);
  for (const d of local) queuePut(d.id, d.token);
  return link;
}

/**
 * Uses a list link opened in this browser, once the server accepted it (an invalid link changes nothing), and
 * queues what this browser has that the list lacks (or holds only a viewer link of).
 */
export async function adoptList(link: ListLink, local: readonly LocalDocument[], client: ListApi = api): Promise<void> {
  const answer = await client.getList(link.id, link.token);
  saveListLink(link);
  cacheItems(answer.items);
  const listed = new Map(answer.items.map((i) => [i.id, i.role]));
  for (const d of local) {
    const role = listed.get(d.id);
    if (role === undefined || roleStrength(role) < roleStrength(roleOfToken(d.token))) queuePut(d.id, d.token);
  }
}

/** Codes after which a queued document can never be stored: it leaves the queue. */
const UNSTORABLE = new Set(['LIST_ITEM_INVALID', 'DOC_NOT_FOUND', 'VALIDATION_FAILED', 'INVALID_DOC_ID']);

/**
 * Sends the queue. Resolves `{ full }` (some documents did not fit); rejects with the ApiError that stopped
 * it (offline, the link refused, rate limited), leaving what is left in the queue.
 */
export async function flushPending(link: ListLink, client: ListApi = api): Promise<{ full: boolean }> {
  let full = false;
  for (const id of loadPending().remove) {
    await client.removeListItem(link.id, link.token, id);
    const p = loadPending();
    p.remove = p.remove.filter((r) => r !== id);
    savePending(p);
  }
  for (const { id, token } of loadPending().put) {
    try {
      await client.putListItem(link.id, link.token, id, token);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'LIST_FULL') full = true;
      else if (!UNSTORABLE.has(error.code)) throw error;
    }
    const p = loadPending();
    p.put = p.put.filter((d) => d.id !== id || d.token !== token);
    savePending(p);
  }
  return { full };
}

/** The queue sent, then the list from the server (kept for offline use). */
export async function syncList(
  link: ListLink,
  client: ListApi = api,
): Promise<{ items: ListItem[]; full: boolean; maxItems: number }> {
  const { full } = await flushPending(link, client);
  const answer = await client.getList(link.id, link.token);
  if (loadListLink()?.id === link.id) cacheItems(answer.items);
  return { items: answer.items, full, maxItems: answer.maxItems };
}

/** Sends the queue in the background (a document was opened); failures wait for the next try. */
export function flushSoon(): void {
  const link = loadListLink();
  if (link) flushPending(link).catch(() => undefined);
}
