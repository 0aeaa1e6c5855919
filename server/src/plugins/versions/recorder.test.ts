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
import type { CollabConnection, CollabHooks, OpenDocument } from '../../domain/collab/collab-core';
import { VersionRecorder } from './recorder';

const schema = createDocumentModel(defaultEditorOptions).schema;
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
