import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Schema } from '@tiptap/pm/model';
import * as Y from 'yjs';
import { VersionLimits } from '@shared/limits';
import type { LeaseStore, VersionMetaRow, VersionReasonRow, VersionStore } from '../../infra/storage/store';
import {
  RELAYED_ORIGIN,
  type CollabConnection,
  type CollabHooks,
  type OpenDocument,
} from '../../domain/collab/collab-core';
import { isFirstParagraphOnly } from '../../domain/documents/first-paragraph';
import { versionsToDelete, type RetentionPolicy } from '../../domain/versions/retention';
import { loadOnce } from '../../infra/load-once';

/** Tiptap, y-tiptap and jsdiff, loaded at the first recording (issue 29). */
const loadVersionText = loadOnce(() => import('./version-text'));

export interface RecorderOptions {
  store: VersionStore;
  /** The document model's schema, loaded at the first recording (issue 29). */
  schema: () => Promise<Schema>;
  log: FastifyBaseLogger;
  clock: () => number;
  retention: RetentionPolicy;
  idleMs: number;
  maxBurstMs: number;
  /** Several instances share the documents (see `SharedRecording`); absent: this process alone records. */
  shared?: SharedRecording;
}

/**
 * Several instances, one recorder per document. Each instance's core reports (`onChange`) only the edits
 * that entered through it; an edit from another instance arrives relayed and is applied to the Y.Doc
 * without a hook. So:
 * - every instance also watches its Y.Doc for updates other instances stored (RELAYED_ORIGIN) and
 *   counts them as changes (their authors come from the shared set below, not from the update);
 * - an automatic recording (idle, burst, leave, unload) happens only under the document's lease
 *   (`versions:<docId>`); the instance that takes it records the state it holds, which contains the
 *   edits of every instance, and keeps the lease (renewed at each check) while the document is open
 *   there; the others stay dirty and try again at each check;
 * - whoever records compares the state with the store's latest version (which another instance may
 *   have written), so an instance that takes over later finds the same state already recorded and
 *   records nothing.
 * Recording thus happens once per state across instances, and edits made through an instance that
 * stopped are recorded by the next holder once its lease expired. Explicit recordings (save, restore,
 * import) are one request on one instance and record at once.
 * Authors: each instance adds the names of its own authors to the document's shared set (`SharedAuthors`):
 * a name at its first edit at once, then the names that edited again at each check (never per keystroke).
 * Whoever records takes the set (read and cleared in one step) and lists those names after its own. A name
 * whose edit fell between its instance's last check and a recording may also be listed on the next version.
 */
export interface SharedRecording {
  leases: LeaseStore;
  /** This instance's id (`app.instanceId`). */
  holder: string;
  /** How long a lease lasts without renewal (a few checks). */
  leaseMs: number;
  /** The authors of each document's next version, on every instance (Redis); absent: this instance's only. */
  authors?: SharedAuthors;
}

/** The names of the authors of each document's next version, added by every instance. */
export interface SharedAuthors {
  /** Adds names (at most `VersionLimits.maxAuthorsPerVersion` per version); a failure only leaves them out. */
  add(docId: string, names: readonly string[]): void;
  /** The names added since the last take, cleared in the same step; none when they cannot be read. */
  take(docId: string): Promise<string[]>;
}

/** Names this instance remembers having shared for one document before it starts over. */
const MAX_SHARED_NAMES = 4 * VersionLimits.maxAuthorsPerVersion;

/** What the recorder knows of one open document. */
interface Tracked {
  document: OpenDocument;
  /** Changed by a client since the last version. */
  dirty: boolean;
  burstStart: number;
  lastChange: number;
  /** Display names of the connections whose edits are not in a version yet, in first-edit order. */
  authors: string[];
  /** Plain text and snapshot of the latest version (undefined: not read from the store yet). */
  latest: { text: string; snapshot: Y.Snapshot } | null | undefined;
  /** Recordings of this document run one after another. */
  chain: Promise<unknown>;
  /** Shared recording: the id of the version `latest` describes, and whether this instance holds the lease. */
  latestId?: string;
  holding: boolean;
  /** Until when this instance's lease runs (it is renewed once half of it is gone). */
  leaseUntil: number;
  /** Shared recording: stops watching the Y.Doc for relayed updates. */
  unwatch?: () => void;
  /** Shared authors: the names this instance added to the document's set, and those that edited since. */
  shared: Set<string>;
  unshared: Set<string>;
}

export interface RecordRequest {
  reason: VersionReasonRow;
  name?: string | null;
}

/** The outcome of a recording: the new version, or the latest one when nothing changed since. */
export interface RecordResult {
  version: VersionMetaRow | undefined;
  created: boolean;
}

const writes = (conn: CollabConnection): boolean => conn.role !== 'viewer';

const leaseName = (t: Tracked): string => `versions:${t.document.docId}`;

/** The awareness display names of the connections that sent an update. */
function namesOf(document: OpenDocument, origins: readonly CollabConnection[]): string[] {
  const names: string[] = [];
  for (const conn of origins) {
    for (const id of conn.awarenessIds) {
      const state: unknown = document.awareness.states.get(id);
      const user: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'user') : undefined;
      const name: unknown = typeof user === 'object' && user !== null ? Reflect.get(user, 'name') : undefined;
      if (typeof name === 'string' && name.trim() !== '') names.push(name.trim());
    }
  }
  return names;
}

function snapshotOfState(state: Uint8Array): Y.Snapshot {
  const doc = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(doc, state);
    return Y.snapshot(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * Records versions of the open documents (as collab hooks): after a burst of edits goes idle or runs too
 * long, when the last writer leaves, when the document unloads with unrecorded edits, and on request.
 */
export class VersionRecorder {
  private readonly docs = new Map<string, Tracked>();

  constructor(private readonly opts: RecorderOptions) {}

  hooks(): CollabHooks {
    return {
      name: 'versions',
      onLoad: ({ document }) => {
        this.track(document);
      },
      onChange: ({ document, origins }) => {
        // The server's own changes (the first paragraph, repairs, removed uploads) join the next version.
        if (origins.length === 0) return;
        const t = this.track(document);
        const now = this.opts.clock();
        if (!t.dirty) {
          t.dirty = true;
          t.burstStart = now;
        }
        t.lastChange = now;
        for (const name of namesOf(document, origins)) {
          if (!t.authors.includes(name) && t.authors.length < VersionLimits.maxAuthorsPerVersion) t.authors.push(name);
          this.share(t, name);
        }
      },
      onDisconnect: ({ document, connection }) => {
        const t = this.docs.get(document.docId);
        if (!t || t.document !== document || !t.dirty || !writes(connection)) return;
        if ([...document.connections].some(writes)) return;
        void this.recordAutomatically(t, 'leave').catch(() => undefined);
      },
      onUnload: async ({ document }) => {
        const t = this.docs.get(document.docId);
        if (!t || t.document !== document) return;
        this.docs.delete(document.docId);
        t.unwatch?.();
        if (t.dirty) await this.recordAutomatically(t, 'leave').catch(() => undefined);
        else await t.chain;
        const { shared } = this.opts;
        if (shared && t.holding) {
          t.holding = false;
          await shared.leases.release(leaseName(t), shared.holder).catch(() => undefined);
        }
      },
    };
  }

  private track(document: OpenDocument): Tracked {
    const known = this.docs.get(document.docId);
    if (known && known.document === document) return known;
    const now = this.opts.clock();
    const t: Tracked = {
      document,
      dirty: false,
      burstStart: now,
      lastChange: now,
      authors: [],
      latest: undefined,
      chain: Promise.resolve(),
      holding: false,
      leaseUntil: 0,
      shared: new Set(),
      unshared: new Set(),
    };
    this.docs.set(document.docId, t);
    if (this.opts.shared) t.unwatch = this.watchRelayed(t);
    return t;
  }

  /**
   * Shared recording: an update that did not come from one of this instance's connections (relayed from
   * another instance, or the server's own) is a change too; its authors come through `SharedAuthors`.
   * The first paragraph of a new document is no change.
   */
  private watchRelayed(t: Tracked): () => void {
    const { doc } = t.document;
    const onUpdate = (update: Uint8Array, origin: unknown): void => {
      // Only what other instances stored: this instance's own changes (its connections', the server's)
      // are tracked as in a single instance.
      if (origin !== RELAYED_ORIGIN) return;
      // Decoded only for the first change after a version (a dirty document needs no more proof).
      if (!t.dirty && isFirstParagraphOnly(update)) return;
      const now = this.opts.clock();
      if (!t.dirty) {
        t.dirty = true;
        t.burstStart = now;
      }
      t.lastChange = now;
    };
    doc.on('update', onUpdate);
    return () => doc.off('update', onUpdate);
  }

  /** Shared authors: a name goes to the document's set at its first edit, later edits wait for a check. */
  private share(t: Tracked, name: string): void {
    const authors = this.opts.shared?.authors;
    if (!authors) return;
    if (t.shared.has(name)) {
      t.unshared.add(name);
      return;
    }
    if (t.shared.size >= MAX_SHARED_NAMES) t.shared.clear();
    t.shared.add(name);
    authors.add(t.document.docId, [name]);
  }

  /** Shared authors: adds the names that edited since the last check (one command for all of them). */
  private flushShared(t: Tracked): void {
    const authors = this.opts.shared?.authors;
    if (!authors || t.unshared.size === 0) return;
    authors.add(t.document.docId, [...t.unshared]);
    t.unshared.clear();
  }

  /**
   * Records for one of the automatic reasons. Shared recording: only under the document's lease (taken or
   * renewed here); without it the document stays dirty and the next check tries again.
   */
  private async recordAutomatically(t: Tracked, reason: VersionReasonRow): Promise<RecordResult | undefined> {
    const { shared } = this.opts;
    if (shared) {
      this.flushShared(t);
      await this.renew(t, shared, this.opts.clock());
      if (!t.holding) {
        // Its names are in the shared set now, for whoever records: they are no longer this instance's.
        if (shared.authors) t.authors = [];
        return undefined;
      }
    }
    return this.record(t, { reason });
  }

  /** Records the open document now (explicit saves, the API). */
  recordDocument(document: OpenDocument, request: RecordRequest): Promise<RecordResult> {
    return this.record(this.track(document), request);
  }

  /** Records every open document whose burst went idle or ran too long; never throws. */
  async runDue(): Promise<void> {
    const now = this.opts.clock();
    const { shared } = this.opts;
    const due: Promise<unknown>[] = [];
    for (const [docId, t] of this.docs) {
      // A room being unloaded records in onUnload; one dropped after a storage failure is forgotten.
      if (t.document.doc.isDestroyed) {
        this.docs.delete(docId);
        t.unwatch?.();
      }
      if (!t.document.isOpen) continue;
      this.flushShared(t);
      if (t.dirty && now - t.lastChange >= this.opts.idleMs) due.push(this.recordAutomatically(t, 'idle'));
      else if (t.dirty && now - t.burstStart >= this.opts.maxBurstMs) due.push(this.recordAutomatically(t, 'burst'));
      // The holder keeps its lease while the document is open here (renewed when half of it is gone).
      else if (shared && t.holding && now >= t.leaseUntil - shared.leaseMs / 2) due.push(this.renew(t, shared, now));
    }
    await Promise.allSettled(due);
  }

  private async renew(t: Tracked, shared: SharedRecording, now: number): Promise<void> {
    t.holding = await shared.leases.acquire(leaseName(t), shared.holder, shared.leaseMs, now);
    t.leaseUntil = t.holding ? now + shared.leaseMs : 0;
  }

  /** Waits for every recording under way (shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.docs.values()].map((t) => t.chain));
  }

  /**
   * Takes the document's state now (synchronously, so it is the state the caller asked for), then
   * stores it after the recordings already under way for this document.
   */
  private record(t: Tracked, request: RecordRequest): Promise<RecordResult> {
    const { document } = t;
    const state = Y.encodeStateAsUpdate(document.doc);
    const snapshot = Y.snapshot(document.doc);
    const authors = t.authors;
    const wasDirty = t.dirty;
    t.authors = [];
    t.dirty = false;
    // Edits so far are this version's: their names are in `authors`, not to be shared again.
    t.unshared.clear();
    const run = t.chain.then(() => this.store(t, request, state, snapshot, authors));
    t.chain = run.catch(() => undefined);
    return run.catch((error: unknown) => {
      // Nothing is lost: the edits stay unrecorded and go into the next version.
      if (wasDirty && !t.dirty) {
        t.dirty = true;
        t.burstStart = t.lastChange;
      }
      t.authors = [...new Set([...authors, ...t.authors])].slice(0, VersionLimits.maxAuthorsPerVersion);
      this.opts.log.error({ err: error, docId: document.docId, reason: request.reason }, 'recording a version failed');
      throw error;
    });
  }

  private async store(
    t: Tracked,
    request: RecordRequest,
    state: Uint8Array,
    snapshot: Y.Snapshot,
    authors: string[],
  ): Promise<RecordResult> {
    const { docId } = t.document;
    const { store } = this.opts;
    const [{ stateText, textChanges }, schema] = await Promise.all([loadVersionText(), this.opts.schema()]);
    // Shared recording: another instance may have recorded since (its state is then the one to compare).
    if (this.opts.shared && t.latest !== undefined && (await this.latestMeta(docId))?.id !== t.latestId) {
      t.latest = undefined;
    }
    if (t.latest === undefined) {
      const row = await store.latest(docId);
      t.latest = row ? { text: stateText(row.state, schema), snapshot: snapshotOfState(row.state) } : null;
      t.latestId = row?.id;
    }
    const name = request.name ?? null;
    const previous = t.latest;
    if (previous && name === null && request.reason !== 'restore' && Y.equalSnapshots(previous.snapshot, snapshot)) {
      return { version: await this.latestMeta(docId), created: false };
    }
    const text = stateText(state, schema);
    const { inserted, deleted } = previous ? textChanges(previous.text, text) : { inserted: text.length, deleted: 0 };
    // The names other instances added (and this one's again): after this instance's, each once.
    const sharedAuthors = this.opts.shared?.authors;
    const others = sharedAuthors ? await sharedAuthors.take(docId) : [];
    const listed = [...new Set([...authors, ...others])].slice(0, VersionLimits.maxAuthorsPerVersion);
    const row = {
      id: randomBytes(12).toString('base64url'),
      docId,
      createdAt: this.opts.clock(),
      reason: request.reason,
      authors: listed,
      state,
      bytes: state.byteLength,
      chars: text.length,
      inserted,
      deleted,
      name,
    };
    try {
      await store.insert(row);
    } catch (error) {
      // Taken from the set but not stored: back for the next version.
      if (others.length > 0) sharedAuthors?.add(docId, others);
      throw error;
    }
    t.latest = { text, snapshot };
    t.latestId = row.id;
    this.opts.log.info(
      { docId, versionId: row.id, reason: row.reason, bytes: row.bytes, authors: listed.length },
      'version recorded',
    );
    await this.applyRetention(docId);
    const { state: _state, ...meta } = row;
    return { version: meta, created: true };
  }

  private async latestMeta(docId: string): Promise<VersionMetaRow | undefined> {
    const { items } = await this.opts.store.list(docId, { limit: 1, offset: 0 });
    return items[0];
  }

  /** Thins the document's versions (see retention.ts); a failure only leaves more versions than needed. */
  private async applyRetention(docId: string): Promise<void> {
    try {
      const all = await this.opts.store.listAll(docId);
      const ids = versionsToDelete(all, this.opts.clock(), this.opts.retention);
      if (ids.length === 0) return;
      await this.opts.store.deleteMany(docId, ids);
      this.opts.log.info({ docId, deleted: ids.length }, 'versions thinned');
    } catch (error) {
      this.opts.log.error({ err: error, docId }, 'thinning versions failed');
    }
  }
}
