import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as decoding from 'lib0/decoding';
import type { BusMember, CollabBus, CollabHooks } from '../../domain/collab/collab-core';
import { loadConfig } from '../../config';
import { openSqliteStore } from '../../infra/storage/sqlite-store';
import type { Store } from '../../infra/storage/store';
import { InProcessBus } from './bus';
import { Committer } from './committer';
import { MessageType, SyncType } from './protocol';
import { Room, type RoomOwner } from './room';
import type { CollabDeps, Peer } from './types';
import { roomConnectionCounter } from './connection-counter';

const log = pino({ level: 'silent' });
const owner: RoomOwner = { isCurrent: () => true, broken: () => undefined };

let dir: string;
let store: Store;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-room-'));
  store = openSqliteStore(dir);
});

afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function deps(bus: CollabBus, hooks: CollabHooks[] = []): CollabDeps {
  const config = loadConfig({ TANDEM_DATA_DIR: dir });
  const guard = { rules: null, fingerprint: null, charCounterMax: -1, wordCounterMax: -1 };
  return {
    updates: store.updates,
    limits: config.collab,
    log,
    hooks,
    meters: [],
    bus,
    connections: roomConnectionCounter,
    guard,
  };
}

/** A peer that records the messages it is sent. */
function fakePeer(): Peer & { messages: Uint8Array[] } {
  const messages: Uint8Array[] = [];
  return {
    role: 'editor',
    awarenessIds: new Set(),
    messages,
    sendFrame: (_frame, message) => void messages.push(new Uint8Array(message)),
    close: () => undefined,
    ping: () => undefined,
    probe: () => Promise.resolve(true),
  };
}

/** The update of a sync update message (type 0, sub-type 2). */
function updateOf(message: Uint8Array): Uint8Array {
  const d = decoding.createDecoder(message);
  expect(decoding.readVarUint(d)).toBe(MessageType.sync);
  expect(decoding.readVarUint(d)).toBe(SyncType.update);
  return decoding.readVarUint8Array(d);
}

/** An update another process's room stored: text in a fresh document. */
function remoteUpdate(text: string): Uint8Array {
  const other = new Y.Doc();
  other.getText('t').insert(0, text);
  return Y.encodeStateAsUpdate(other);
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Room.applyRemote', () => {
  it('applies and broadcasts to local peers, but neither stores nor publishes again', async () => {
    const published: string[] = [];
    const bus: CollabBus = {
      publishUpdate: () => void published.push('update'),
      publishAwareness: () => void published.push('awareness'),
      subscribe: () => () => undefined,
    };
    const onChange = vi.fn();
    const schedule = vi.fn();
    const room = new Room('doc1', deps(bus, [{ name: 'spy', onChange }]), { schedule }, owner);
    room.load({ updates: [], bytes: 0, checkedAs: null }, false);
    const peer = fakePeer();
    room.addConnection(peer);

    room.applyRemote(remoteUpdate('from elsewhere'));
    expect(room.doc.getText('t').toString()).toBe('from elsewhere');
    expect(peer.messages).toHaveLength(1);
    const received = new Y.Doc();
    Y.applyUpdate(received, updateOf(peer.messages[0] as Uint8Array));
    expect(received.getText('t').toString()).toBe('from elsewhere');
    expect(schedule).not.toHaveBeenCalled();
    expect(room.hasUncommitted()).toBe(false);

    // Presence from elsewhere reaches the peers too, and is not published again either.
    const remote = new awarenessProtocol.Awareness(new Y.Doc());
    remote.setLocalState({ user: { name: 'Far', color: '#000000' } });
    room.applyRemoteAwareness(awarenessProtocol.encodeAwarenessUpdate(remote, [remote.clientID]));
    await nextTurn();
    expect(room.awareness.states.get(remote.clientID)).toEqual({ user: { name: 'Far', color: '#000000' } });
    expect(peer.messages.map((m) => m[0])).toEqual([MessageType.sync, MessageType.awareness]);

    expect(published).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
    expect((await store.updates.load('doc1')).updates).toEqual([]);
    room.destroy();
  });

  it('broadcasts a relayed update as the bytes it came in, once; one missing its predecessor waits for it', () => {
    const bus: CollabBus = {
      publishUpdate: () => undefined,
      publishAwareness: () => undefined,
      subscribe: () => () => undefined,
    };
    const room = new Room('doc1', deps(bus), { schedule: vi.fn() }, owner);
    room.load({ updates: [], bytes: 0, checkedAs: null }, false);
    const peer = fakePeer();
    room.addConnection(peer);
    const source = new Y.Doc();
    const updates: Uint8Array[] = [];
    source.on('update', (u: Uint8Array) => void updates.push(u));
    source.getText('t').insert(0, 'ab');
    source.getText('t').insert(2, 'cd');
    source.getText('t').insert(4, 'ef');
    const [first, second, third] = updates as [Uint8Array, Uint8Array, Uint8Array];

    room.applyRemote(first);
    expect(peer.messages.map(updateOf)).toEqual([first]);
    // Known already (a backfill and the bus both delivered it): nothing to send.
    room.applyRemote(first);
    expect(peer.messages).toHaveLength(1);
    // Out of order: the third waits in Yjs's pending structs; the second completes both, and the peer gets
    // every change once the room holds it.
    room.applyRemote(third);
    room.applyRemote(second);
    expect(room.doc.getText('t').toString()).toBe('abcdef');
    const received = new Y.Doc();
    for (const message of peer.messages) Y.applyUpdate(received, updateOf(message));
    expect(received.getText('t').toString()).toBe('abcdef');
    room.destroy();
  });

  it('receives what another room of the same document stored, through the in-process bus', async () => {
    const bus = new InProcessBus();
    const committer = new Committer(store.updates, log);
    const here = new Room('doc2', deps(bus), committer, owner);
    const there = new Room('doc2', deps(bus), committer, owner);
    for (const room of [here, there]) room.load({ updates: [], bytes: 0, checkedAs: null }, false);
    const author = fakePeer();
    const reader = fakePeer();
    here.addConnection(author);
    there.addConnection(reader);
    const spy = vi.spyOn(there, 'applyRemote');

    here.applyFrom(author, remoteUpdate('typed here'), true);
    await committer.drain();

    expect(there.doc.getText('t').toString()).toBe('typed here');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(reader.messages).toHaveLength(1);
    // Stored once, by the room that received it from its peer.
    expect((await store.updates.load('doc2')).updates).toHaveLength(1);
    expect(there.hasUncommitted()).toBe(false);
    for (const room of [here, there]) room.destroy();
  });

  it('leaves the bus when destroyed', () => {
    const members: BusMember[] = [];
    const bus: CollabBus = {
      publishUpdate: () => undefined,
      publishAwareness: () => undefined,
      subscribe: (_docId, member) => {
        members.push(member);
        return () => members.splice(members.indexOf(member), 1);
      },
    };
    const room = new Room('doc3', deps(bus), { schedule: () => undefined }, owner);
    room.load({ updates: [], bytes: 0, checkedAs: null }, false);
    expect(members).toEqual([room]);
    room.destroy();
    expect(members).toEqual([]);
  });
});

/** The update a sync step 2 message carries. */
function step2Update(message: Uint8Array): Uint8Array {
  const d = decoding.createDecoder(message);
  expect(decoding.readVarUint(d)).toBe(MessageType.sync);
  expect(decoding.readVarUint(d)).toBe(SyncType.step2);
  return decoding.readVarUint8Array(d);
}

describe('Room.sync (answers encoded once per change)', () => {
  const quietBus: CollabBus = {
    publishUpdate: () => undefined,
    publishAwareness: () => undefined,
    subscribe: () => () => undefined,
  };

  it('answers a fresh client from the cache until the document changes, then with the change', () => {
    const room = new Room('doc4', deps(quietBus), { schedule: vi.fn() }, owner);
    room.load({ updates: [remoteUpdate('stored')], bytes: 0, checkedAs: null }, false);
    const empty = Y.encodeStateVector(new Y.Doc());
    const first = room.sync.step2Message(new Map(), empty);
    // The same bytes, not encoded again.
    expect(room.sync.step2Message(new Map(), empty)).toBe(first);
    expect(room.sync.step1Message()).toBe(room.sync.step1Message());
    const snapshot = room.sync.snapshot();
    expect(room.sync.snapshot()).toBe(snapshot);
    const fresh = new Y.Doc();
    Y.applyUpdate(fresh, step2Update(first));
    expect(fresh.getText('t').toString()).toBe('stored');

    // A joining client's empty update changes nothing: the answers stay.
    room.applyFrom(fakePeer(), Y.encodeStateAsUpdate(new Y.Doc()), true);
    expect(room.sync.step2Message(new Map(), empty)).toBe(first);

    const writer = new Y.Doc();
    Y.applyUpdate(writer, Y.encodeStateAsUpdate(room.doc));
    const before = Y.encodeStateVector(writer);
    writer.getText('t').insert(6, ' and more');
    room.applyFrom(fakePeer(), Y.encodeStateAsUpdate(writer, before), true);
    const after = room.sync.step2Message(new Map(), empty);
    expect(after).not.toBe(first);
    expect(room.sync.snapshot()).not.toBe(snapshot);
    expect(Y.equalSnapshots(room.sync.snapshot(), Y.snapshot(room.doc))).toBe(true);
    const later = new Y.Doc();
    Y.applyUpdate(later, step2Update(after));
    expect(later.getText('t').toString()).toBe('stored and more');
    expect([...room.sync.stateVector()]).toEqual([...Y.decodeStateVector(Y.encodeStateVector(room.doc))]);
    room.destroy();
  });

  it('gives a client that holds part of the document what it lacks, and one that holds all no structs', () => {
    const room = new Room('doc5', deps(quietBus), { schedule: vi.fn() }, owner);
    room.load({ updates: [remoteUpdate('one')], bytes: 0, checkedAs: null }, false);
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(room.doc));
    const writer = new Y.Doc();
    Y.applyUpdate(writer, Y.encodeStateAsUpdate(room.doc));
    const before = Y.encodeStateVector(writer);
    writer.getText('t').insert(3, ' two');
    room.applyFrom(fakePeer(), Y.encodeStateAsUpdate(writer, before), true);

    const partial = Y.encodeStateVector(client);
    Y.applyUpdate(client, step2Update(room.sync.step2Message(Y.decodeStateVector(partial), partial)));
    expect(client.getText('t').toString()).toBe('one two');

    const all = Y.encodeStateVector(client);
    const upToDate = room.sync.step2Message(Y.decodeStateVector(all), all);
    expect(room.sync.step2Message(Y.decodeStateVector(all), all)).toBe(upToDate);
    const decoded = Y.decodeUpdate(step2Update(upToDate));
    expect(decoded.structs).toEqual([]);
    room.destroy();
  });
});
