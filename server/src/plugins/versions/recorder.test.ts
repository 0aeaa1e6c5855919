import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-option-defaults';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { VersionLimits } from '@shared/limits';
import { openSqliteStore } from '../../infra/storage/sqlite-store';
import type { Store } from '../../infra/storage/store';
import {
  RELAYED_ORIGIN,
  type CollabConnection,
  type CollabHooks,
  type OpenDocument,
} from '../../domain/collab/collab-core';
import { firstParagraphUpdate } from '../../domain/documents/first-paragraph';
import { VersionRecorder, type SharedAuthors } from './recorder';

const model = createDocumentModel(defaultEditorOptions);
const schema = async () => model.schema;
const IDLE = VersionLimits.idleMs;

let dir: string;
let store: Store;
let now: number;
let recorder: VersionRecorder;
let hooks: CollabHooks;

/** A room as the collab core hands it to hooks: a Y.Doc, its awareness, its connections. */
class TestRoom implements OpenDocument {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  readonly connections = new Set<CollabConnection>();
  readonly isOpen = true;
  constructor(readonly docId: string) {
    this.awareness.setLocalState(null);
  }

  /** A connection whose awareness entry carries `name` (a made-up client id per connection). */
  join(name: string | null, role: CollabConnection['role'] = 'editor'): CollabConnection {
    const id = 1000 + this.connections.size;
    if (name !== null) this.awareness.states.set(id, { user: { name, color: '#000000' } });
    const conn: CollabConnection = { role, awarenessIds: new Set([id]) };
    this.connections.add(conn);
    return conn;
  }

  leave(conn: CollabConnection): void {
    this.connections.delete(conn);
    hooks.onDisconnect?.({ docId: this.docId, document: this, connection: conn });
  }

  /** Types at the end of the first paragraph, as `origins` (none: the server itself). */
  type(text: string, ...origins: CollabConnection[]): void {
    const content = this.doc.getXmlFragment(YDocKeys.content);
    if (content.length === 0) content.insert(0, [new Y.XmlElement('paragraph')]);
    const first = content.get(0) as Y.XmlElement;
    if (first.length === 0) first.insert(0, [new Y.XmlText()]);
    const t = first.get(0) as Y.XmlText;
    t.insert(t.length, text);
    hooks.onChange?.({ docId: this.docId, document: this, update: new Uint8Array(), origins });
  }
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-recorder-'));
  store = openSqliteStore(dir);
  now = Date.UTC(2026, 0, 1);
  recorder = new VersionRecorder({
    store: store.versions,
    schema,
    log: pino({ level: 'silent' }),
    clock: () => now,
    retention: { keepAllMs: 1_000, keepHourlyMs: 2_000, maxCount: 100, maxBytes: 10 ** 9 },
    idleMs: IDLE,
    maxBurstMs: VersionLimits.maxBurstMs,
  });
  hooks = recorder.hooks();
});

afterEach(async () => {
  await recorder.idle();
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const versions = async (docId: string) => (await store.versions.list(docId, { limit: 100, offset: 0 })).items;

describe('VersionRecorder', () => {
  it('lists each author once, in first-edit order, and ignores the server’s own changes', async () => {
    const room = new TestRoom('d1');
    hooks.onLoad?.({ docId: room.docId, document: room });
    const ada = room.join('Ada');
    const bob = room.join('  Bob  ');
    const anonymous = room.join(null);
    room.type('server paragraph');
    now += IDLE;
    await recorder.runDue();
    expect(await versions('d1')).toEqual([]);

    room.type('a', bob);
    room.type('b', ada, anonymous);
    room.type('c', bob);
    now += IDLE;
    await recorder.runDue();
    expect(await versions('d1')).toMatchObject([
      { reason: 'idle', authors: ['Bob', 'Ada'], chars: 'server paragraphabc'.length, inserted: 19, deleted: 0 },
    ]);
  });

  it('caps the authors of one version', async () => {
    const room = new TestRoom('d2');
    for (let i = 0; i < VersionLimits.maxAuthorsPerVersion + 5; i++) room.type('x', room.join(`Author ${i}`));
    now += IDLE;
    await recorder.runDue();
    const [v] = await versions('d2');
    expect(v?.authors).toHaveLength(VersionLimits.maxAuthorsPerVersion);
    expect(v?.authors[0]).toBe('Author 0');
  });

  it('records when the last writer leaves, not while another writer stays; viewers do not count', async () => {
    const room = new TestRoom('d3');
    const ada = room.join('Ada');
    const bob = room.join('Bob');
    const viewer = room.join('Vera', 'viewer');
    room.type('hello', ada);
    room.leave(bob);
    room.leave(viewer);
    await recorder.idle();
    expect(await versions('d3')).toEqual([]);
    room.leave(ada);
    await recorder.idle();
    expect(await versions('d3')).toMatchObject([{ reason: 'leave', authors: ['Ada'] }]);
    // Nothing unrecorded is left for the unload.
    await hooks.onUnload?.({ docId: room.docId, document: room });
    expect(await versions('d3')).toHaveLength(1);
  });

  it('records unrecorded edits on unload', async () => {
    const room = new TestRoom('d4');
    room.type('pending', room.join('Ada'));
    await hooks.onUnload?.({ docId: room.docId, document: room });
    expect(await versions('d4')).toMatchObject([{ reason: 'leave', chars: 7 }]);
  });

  it('skips a recording identical to the latest unless named or a restore', async () => {
    const room = new TestRoom('d5');
    room.type('text', room.join('Ada'));
    const first = await recorder.recordDocument(room, { reason: 'save' });
    expect(first.created).toBe(true);
    const again = await recorder.recordDocument(room, { reason: 'save' });
    expect(again).toEqual({ created: false, version: first.version });
    expect((await recorder.recordDocument(room, { reason: 'save', name: 'N' })).created).toBe(true);
    expect((await recorder.recordDocument(room, { reason: 'restore' })).created).toBe(true);
    // A deletion leaves the state vector as it was, yet is a change.
    const t = (room.doc.getXmlFragment(YDocKeys.content).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    t.delete(0, 2);
    const deleted = await recorder.recordDocument(room, { reason: 'save' });
    expect(deleted.version).toMatchObject({ inserted: 0, deleted: 2, chars: 2 });
  });

  it('records a burst that never pauses after maxBurstMs', async () => {
    const room = new TestRoom('d6');
    const ada = room.join('Ada');
    const steps = VersionLimits.maxBurstMs / (IDLE / 2);
    for (let i = 0; i < steps; i++) {
      room.type('x', ada);
      now += IDLE / 2;
      await recorder.runDue();
    }
    expect((await versions('d6')).map((v) => v.reason)).toEqual(['burst']);
  });
});

describe('VersionRecorder shared by several instances', () => {
  /** One instance: its recorder over the common store, and its room of the document. */
  function instance(holder: string, authors?: SharedAuthors) {
    const room = new TestRoom('shared');
    const rec = new VersionRecorder({
      store: store.versions,
      schema,
      log: pino({ level: 'silent' }),
      clock: () => now,
      retention: { keepAllMs: 10 ** 9, keepHourlyMs: 10 ** 9, maxCount: 100, maxBytes: 10 ** 9 },
      idleMs: IDLE,
      maxBurstMs: VersionLimits.maxBurstMs,
      shared: { leases: store.leases, holder, leaseMs: 30_000, authors },
    });
    const own = rec.hooks();
    own.onLoad?.({ docId: room.docId, document: room });
    const conn = room.join(holder);
    /** A client of this instance types: its core reports the change (onChange), the other instance gets it relayed. */
    const type = (text: string): void => {
      const content = room.doc.getXmlFragment(YDocKeys.content);
      room.doc.transact(() => content.insert(content.length, [paragraphOf(text)]), conn);
      own.onChange?.({ docId: room.docId, document: room, update: new Uint8Array(), origins: [conn] });
    };
    return { room, rec, type };
  }

  function paragraphOf(text: string): Y.XmlElement {
    const p = new Y.XmlElement('paragraph');
    p.insert(0, [new Y.XmlText(text)]);
    return p;
  }

  /** Relays every update of one room to the other, with an origin that is no connection of the receiver. */
  function link(a: TestRoom, b: TestRoom): void {
    const relay = RELAYED_ORIGIN;
    a.doc.on('update', (u: Uint8Array, origin: unknown) => origin !== relay && Y.applyUpdate(b.doc, u, relay));
    b.doc.on('update', (u: Uint8Array, origin: unknown) => origin !== relay && Y.applyUpdate(a.doc, u, relay));
  }

  it('records each state once, the holder records edits made through the other, and a stopped holder is replaced', async () => {
    const a = instance('a');
    const b = instance('b');
    link(a.room, b.room);
    a.type('through a');
    b.type('through b');
    now += IDLE;
    await Promise.all([a.rec.runDue(), b.rec.runDue()]);
    await Promise.all([a.rec.runDue(), b.rec.runDue()]);
    expect(await versions('shared')).toHaveLength(1);

    const [holder, other] = (await store.leases.acquire('versions:shared', 'a', 30_000, now)) ? [a, b] : [b, a];
    other.type('only through the other');
    now += IDLE;
    await holder.rec.runDue();
    const second = await versions('shared');
    expect(second).toHaveLength(2);
    // Without shared authors the holder does not know who typed it; it recorded the state it holds.
    expect(second[0]?.authors).toEqual([]);
    await other.rec.runDue();
    expect(await versions('shared')).toHaveLength(2);

    // The holder stops (no more checks, its lease runs out): the other records what was typed since.
    other.type('after the holder stopped');
    now += IDLE;
    await other.rec.runDue();
    const third = await versions('shared');
    expect(third).toHaveLength(3);
    expect(third[0]?.authors).toEqual([other === a ? 'a' : 'b']);
    await Promise.all([a.rec.idle(), b.rec.idle()]);
  });

  /** The shared set as Redis keeps it (shared-authors.ts), counting the adds. */
  function sharedSet(): SharedAuthors & { adds: number } {
    let names = new Set<string>();
    return {
      adds: 0,
      add(_docId, added) {
        this.adds += 1;
        for (const name of added) if (names.size < VersionLimits.maxAuthorsPerVersion) names.add(name);
      },
      take() {
        const taken = [...names].sort();
        names = new Set();
        return Promise.resolve(taken);
      },
    };
  }

  it('with shared authors, a version lists the authors of every instance, each version its own', async () => {
    const set = sharedSet();
    const a = instance('a', set);
    const b = instance('b', set);
    link(a.room, b.room);
    for (let i = 0; i < 20; i++) {
      a.type(`a${i}`);
      b.type(`b${i}`);
    }
    // Once per name at its first edit, not per keystroke.
    expect(set.adds).toBe(2);
    now += IDLE;
    await Promise.all([a.rec.runDue(), b.rec.runDue()]);
    await Promise.all([a.rec.runDue(), b.rec.runDue()]);
    const first = await versions('shared');
    expect(first).toHaveLength(1);
    expect([...(first[0]?.authors ?? [])].sort()).toEqual(['a', 'b']);

    // Only the instance that does not record has an author now: the holder lists it, and only it.
    const [holder, other] = (await store.leases.acquire('versions:shared', 'a', 30_000, now)) ? [a, b] : [b, a];
    other.type('only through the other');
    await other.rec.runDue();
    now += IDLE;
    await holder.rec.runDue();
    const second = await versions('shared');
    expect(second).toHaveLength(2);
    expect(second[0]?.authors).toEqual([other === a ? 'a' : 'b']);
    await Promise.all([a.rec.idle(), b.rec.idle()]);
  });

  it('a first paragraph relayed from another instance is no change', async () => {
    const a = instance('a');
    Y.applyUpdate(a.room.doc, firstParagraphUpdate(), RELAYED_ORIGIN);
    now += IDLE;
    await a.rec.runDue();
    expect(await versions('shared')).toEqual([]);
  });
});
