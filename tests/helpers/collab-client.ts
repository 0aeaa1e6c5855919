import WebSocket from 'ws';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';

export interface Client {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Close codes this client's socket received, in order. */
  closeCodes: number[];
  destroy(): void;
}

// Each provider adds a process 'exit' listener in Node (removed on destroy): a test with more than ten
// clients alive at once is expected, not a leak.
process.setMaxListeners(Math.max(process.getMaxListeners(), 200));

/** A real, unmodified y-websocket provider from Node (ws as the WebSocket implementation). */
export function connectClient(
  collabUrl: string,
  docId: string,
  token: string,
  opts: { connect?: boolean } = {},
): Client {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(collabUrl, docId, doc, {
    params: { token },
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    connect: opts.connect ?? true,
    maxBackoffTime: 300,
  });
  const closeCodes: number[] = [];
  provider.on('connection-close', (event) => {
    if (event) closeCodes.push(event.code);
  });
  return {
    doc,
    provider,
    closeCodes,
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

export function waitSynced(client: Client, timeoutMs = 5_000): Promise<void> {
  if (client.provider.synced) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not synced in time')), timeoutMs);
    const onSync = (synced: boolean): void => {
      if (!synced) return;
      clearTimeout(timer);
      client.provider.off('sync', onSync);
      resolve();
    };
    client.provider.on('sync', onSync);
  });
}

/**
 * A raw socket for protocol-level tests; resolves its close code. `autoPong: false`: it never answers the
 * server's pings, like a socket whose network vanished without a close.
 */
export function rawSocket(
  url: string,
  opts: { autoPong?: boolean } = {},
): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { autoPong: opts.autoPong ?? true });
    const closed = new Promise<{ code: number; reason: string }>((res) => {
      ws.on('close', (code, reason) => res({ code, reason: reason.toString() }));
    });
    ws.on('error', () => undefined);
    ws.on('open', () => resolve({ ws, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

/*
 * Content as the editor writes it: the server refuses anything the document model does not allow (other
 * roots, text directly in the fragment, unknown elements or attributes), so tests write paragraphs.
 */

/** Blocks that hold text directly (the model's text blocks). */
const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'codeBlock']);

/** The document's content: the root XML fragment the editor binds to. */
export function contentOf(doc: Y.Doc): Y.XmlFragment {
  return doc.getXmlFragment(YDocKeys.content);
}

/** A paragraph holding `text`, not yet in any document. */
export function paragraph(text: string): Y.XmlElement {
  const p = new Y.XmlElement('paragraph');
  p.insert(0, [new Y.XmlText(text)]);
  return p;
}

/** Appends a paragraph holding `text` at the end of the content. */
export function appendParagraph(doc: Y.Doc, text: string): Y.XmlElement {
  const p = paragraph(text);
  const content = contentOf(doc);
  content.insert(content.length, [p]);
  return p;
}

/** The text of a text block (its text children, formatting left out). */
export function blockText(block: Y.XmlElement): string {
  let text = '';
  for (const child of block.toArray()) {
    if (!(child instanceof Y.XmlText)) continue;
    for (const op of child.toDelta() as Array<{ insert?: unknown }>) {
      if (typeof op.insert === 'string') text += op.insert;
    }
  }
  return text;
}

/** The text child of a paragraph to type into; an empty paragraph (as the server creates) gets one. */
export function textOf(block: Y.XmlElement): Y.XmlText {
  const existing = block.toArray().find((child): child is Y.XmlText => child instanceof Y.XmlText);
  if (existing) return existing;
  const text = new Y.XmlText();
  block.insert(block.length, [text]);
  return text;
}

/** The text of the top-level block at `index` ('' when there is none). */
export function paragraphText(doc: Y.Doc, index: number): string {
  const block = contentOf(doc).get(index);
  return block instanceof Y.XmlElement ? blockText(block) : '';
}

/** The text of every text block, depth first, one line each. */
export function documentText(doc: Y.Doc): string {
  const lines: string[] = [];
  const walk = (parent: Y.XmlFragment | Y.XmlElement): void => {
    for (const child of parent.toArray()) {
      if (!(child instanceof Y.XmlElement)) continue;
      if (TEXT_BLOCKS.has(child.nodeName)) lines.push(blockText(child));
      else walk(child);
    }
  };
  walk(contentOf(doc));
  return lines.join('\n');
}

/**
 * Types `text` at `index` of the document's first paragraph, the one every document starts with (the
 * server creates it before the first client syncs); a document without blocks gets one.
 */
export function typeText(doc: Y.Doc, index: number, text: string): void {
  doc.transact(() => {
    const first = contentOf(doc).get(0);
    if (first instanceof Y.XmlElement && TEXT_BLOCKS.has(first.nodeName)) textOf(first).insert(index, text);
    else contentOf(doc).insert(0, [paragraph(text)]);
  });
}

export interface AwarenessEntry {
  clientId: number;
  clock: number;
  /** The state's JSON as written on the wire (raw, so that keys like `__proto__` survive). */
  json: string;
}

/** A y-websocket awareness message: type 1, then the update (count, then id, clock and JSON per entry). */
export function awarenessMessage(entries: AwarenessEntry[]): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(update, entry.clientId);
    encoding.writeVarUint(update, entry.clock);
    encoding.writeVarString(update, entry.json);
  }
  const message = encoding.createEncoder();
  encoding.writeVarUint(message, 1);
  encoding.writeVarUint8Array(message, encoding.toUint8Array(update));
  return encoding.toUint8Array(message);
}

/** A y-websocket sync message carrying one update (message type 0, sync step "update" 2), as a raw client sends it. */
export function updateMessage(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint(e, 2);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

/** What one change of a document made on top of `base` sends (a hostile client may send anything). */
export function changeOf(base: Y.Doc, fn: (doc: Y.Doc) => void): Uint8Array {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
  const before = Y.encodeStateVector(doc);
  fn(doc);
  return Y.encodeStateAsUpdate(doc, before);
}
