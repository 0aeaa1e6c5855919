import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { CollabLimits } from '@shared/limits';

/** y-websocket message types (the first varUint of every frame). */
export const MessageType = {
  sync: 0,
  awareness: 1,
  auth: 2,
  queryAwareness: 3,
} as const;

/** y-protocols sync sub-types. */
export const SyncType = {
  step1: 0,
  step2: 1,
  update: 2,
} as const;

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  return encodeSyncStep1Raw(Y.encodeStateVector(doc));
}

/** Sync step 1 carrying an encoded state vector. */
export function encodeSyncStep1Raw(stateVector: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MessageType.sync);
  encoding.writeVarUint(e, SyncType.step1);
  encoding.writeVarUint8Array(e, stateVector);
  return encoding.toUint8Array(e);
}

export function encodeSyncStep2(doc: Y.Doc, stateVector: Uint8Array): Uint8Array {
  return encodeSyncStep2Raw(Y.encodeStateAsUpdate(doc, stateVector));
}

/** Sync step 2 carrying `update` as it is (a stored state). */
export function encodeSyncStep2Raw(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MessageType.sync);
  encoding.writeVarUint(e, SyncType.step2);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

export function encodeUpdateMessage(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MessageType.sync);
  encoding.writeVarUint(e, SyncType.update);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

export function encodeAwarenessMessage(awareness: awarenessProtocol.Awareness, clients: number[]): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MessageType.awareness);
  encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  return encoding.toUint8Array(e);
}

export interface AwarenessEntry {
  clientId: number;
  clock: number;
  /** The parsed state; null removes the client. */
  state: unknown;
}

/** Decodes an awareness update completely; throws on malformed input. */
export function decodeAwarenessUpdate(update: Uint8Array, maxDepth: number): AwarenessEntry[] {
  const d = decoding.createDecoder(update);
  const count = decoding.readVarUint(d);
  if (count > CollabLimits.maxAwarenessEntries) throw new Error('too many awareness entries');
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(d);
    const clock = decoding.readVarUint(d);
    const state: unknown = JSON.parse(decoding.readVarString(d));
    if (jsonDepth(state, maxDepth) > maxDepth) throw new Error('awareness state too deep');
    entries.push({ clientId, clock, state });
  }
  if (decoding.hasContent(d)) throw new Error('trailing bytes in awareness update');
  return entries;
}

/** Encodes entries in the awareness update format (count, then id, clock, JSON state each). */
export function encodeAwarenessEntries(entries: AwarenessEntry[]): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(e, entry.clientId);
    encoding.writeVarUint(e, entry.clock);
    encoding.writeVarString(e, JSON.stringify(entry.state));
  }
  return encoding.toUint8Array(e);
}

function jsonDepth(value: unknown, limit: number, depth = 0): number {
  if (depth > limit || value === null || typeof value !== 'object') return depth;
  let max = depth;
  for (const child of Object.values(value as Record<string, unknown>)) {
    max = Math.max(max, jsonDepth(child, limit, depth + 1));
    if (max > limit) return max;
  }
  return max;
}
