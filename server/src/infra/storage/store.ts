/**
 * Storage interfaces. The embedded default is SQLite; a later PostgreSQL store implements the same
 * contracts, so every method returns a Promise even where SQLite answers synchronously.
 */

export interface DocumentRow {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

export interface DocumentStore {
  create(id: string, title: string, now: number): Promise<DocumentRow>;
  get(id: string): Promise<DocumentRow | undefined>;
  getMany(ids: readonly string[]): Promise<DocumentRow[]>;
  rename(id: string, title: string, now: number): Promise<DocumentRow | undefined>;
  setDeleted(id: string, deletedAt: number | null): Promise<DocumentRow | undefined>;
  list(opts: { limit: number; offset: number; trash: boolean }): Promise<{ items: DocumentRow[]; total: number }>;
  /** Removes documents (and their content) deleted before `before`; returns their ids. */
  purgeDeletedBefore(before: number): Promise<string[]>;
}

export interface StoredUpdates {
  updates: Uint8Array[];
  /** Sum of the stored rows' sizes. */
  bytes: number;
}

export interface UpdateStore {
  load(docId: string): Promise<StoredUpdates>;
  /**
   * Appends updates of any number of documents in one durable commit (group commit).
   * Resolves only when the rows are on disk.
   */
  append(batch: ReadonlyArray<{ docId: string; update: Uint8Array }>, now: number): Promise<void>;
  /** Replaces all stored rows of a document by one state that contains them all. */
  compact(docId: string, state: Uint8Array): Promise<void>;
}

export interface Store {
  documents: DocumentStore;
  updates: UpdateStore;
  /** Fails when the database cannot be written (readiness check). */
  checkWritable(): Promise<void>;
  close(): Promise<void>;
}
