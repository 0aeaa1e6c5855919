import type { Node as PmNode } from '@tiptap/pm/model';
import { EXPLICIT_SAVE_HEADER, EXPLICIT_SAVE_VALUE } from '@shared/api/versions';
import { exportedBodyHtml } from '@shared/document/html/html-export';
import { DEFAULT_SAVE_URL } from '@shared/editor-option-defaults';
import type { EditorOptions } from '@shared/editor-options';
import { AutosaveLimits } from '@shared/limits';

/**
 * The body a save sends: the document as every export sees it by default (suggestions accepted, no upload
 * placeholders, no comment anchors: threads are not part of the text), with the deployment's named entities.
 * Once per save check.
 */
export function saveBody(doc: PmNode, entities: string): string {
  return exportedBodyHtml(doc, entities);
}

/** Where and how this document's saves go (Froala's saveURL, saveMethod, saveParam, saveParams). */
export interface SaveTarget {
  url: string;
  method: 'POST' | 'PUT';
  param: string;
  params: ReadonlyArray<readonly [string, string]>;
  /** The link token: only for this document's own endpoint, never for an operator's other URL. */
  token: string | null;
}

export interface SaveSettings {
  /** ms from a change to the save check; 0 = no autosave (explicit saves only). */
  interval: number;
  /** null = no save URL configured (save error 1). */
  target: SaveTarget | null;
}

const FIELD = /^[A-Za-z][A-Za-z0-9_.[\]-]{0,63}$/;

/**
 * The save settings from the deployment's options. The server validates them, but an older server or a
 * broken proxy may send anything: every field falls back to its default rather than throwing.
 */
export function saveSettings(
  options: Partial<Record<keyof EditorOptions, unknown>>,
  docId: string,
  token: string,
  origin: string,
): SaveSettings {
  const rawInterval = options.saveInterval;
  const interval =
    typeof rawInterval === 'number' && Number.isFinite(rawInterval) && rawInterval >= 0
      ? Math.min(Math.floor(rawInterval), AutosaveLimits.maxIntervalMs)
      : AutosaveLimits.intervalMs;
  const rawUrl = options.saveURL === undefined ? DEFAULT_SAVE_URL : options.saveURL;
  if (typeof rawUrl !== 'string' || rawUrl === '') return { interval, target: null };
  let resolved: URL;
  try {
    resolved = new URL(rawUrl.replaceAll('{id}', encodeURIComponent(docId)), origin);
  } catch {
    return { interval, target: null };
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return { interval, target: null };
  const own =
    resolved.origin === origin && resolved.pathname === `/api/documents/${encodeURIComponent(docId)}/snapshots`;
  const params: Array<readonly [string, string]> = [];
  const rawParams = options.saveParams;
  if (typeof rawParams === 'object' && rawParams !== null && !Array.isArray(rawParams)) {
    for (const [key, value] of Object.entries(rawParams)) {
      if (FIELD.test(key) && typeof value === 'string') params.push([key, value]);
    }
  }
  return {
    interval,
    target: {
      url: resolved.href,
      method: options.saveMethod === 'PUT' ? 'PUT' : 'POST',
      param: typeof options.saveParam === 'string' && FIELD.test(options.saveParam) ? options.saveParam : 'body',
      params: params.slice(0, AutosaveLimits.maxSaveParams),
      token: own ? token : null,
    },
  };
}

export interface SaveRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string>; body: string };
}

/** Froala's save request: form-urlencoded `<param>=<html>&<saveParams…>`. */
export function saveRequest(target: SaveTarget, html: string, explicit: boolean): SaveRequest {
  const form = new URLSearchParams();
  form.set(target.param, html);
  for (const [key, value] of target.params) if (key !== target.param) form.append(key, value);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (target.token !== null) {
    headers.authorization = `Bearer ${target.token}`;
    // Our server records a version for it; another URL would need a CORS preflight for an unknown header.
    if (explicit) headers[EXPLICIT_SAVE_HEADER] = EXPLICIT_SAVE_VALUE;
  }
  return {
    url: target.url,
    init: {
      method: target.method,
      headers,
      body: form.toString(),
      credentials: target.token !== null ? 'same-origin' : 'omit',
    },
  };
}

/** Sends one save; true only for HTTP 200 (Froala's rule: any other status, or no answer, is save error 2). */
export async function sendSave(
  request: SaveRequest,
  fetchImpl: typeof fetch = fetch,
  timeoutMs: number = AutosaveLimits.requestTimeoutMs,
): Promise<boolean> {
  try {
    const res = await fetchImpl(request.url, { ...request.init, signal: AbortSignal.timeout(timeoutMs) });
    // The body is not needed; reading it frees the connection.
    await res.text().catch(() => undefined);
    return res.status === 200;
  } catch {
    return false;
  }
}
