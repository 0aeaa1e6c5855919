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
  /**
   * When the document is stored as one compacted state that the server wrote after checking it against
   * the document model: the fingerprint of that model (see `compact`); null otherwise.
   */
  checkedAs: string | null;
  /**
   * PostgreSQL: the document's sequence number of the last row loaded (0: none); `compact(…, upTo)` with
   * it leaves rows appended since alone. SQLite leaves it out (one process writes).
   */
  head?: number;
}

export interface UpdateStore {
  load(docId: string): Promise<StoredUpdates>;
  /**
   * Appends updates of any number of documents in one durable commit (group commit).
   * Resolves only when the rows are on disk.
   */
  append(batch: ReadonlyArray<{ docId: string; update: Uint8Array }>, now: number): Promise<AppendResult>;
  /**
   * Replaces all stored rows of a document by one state that contains them all. `checkedAs`: the
   * fingerprint of the document model this state was checked against (it holds nothing the model
   * refuses); `load` reports it for as long as no other row was appended. `upTo` (PostgreSQL, several
   * instances): the state holds the rows up to this `head` only; rows above it stay, and the call does
   * nothing when another compaction already reached it. Without it, the state replaces every row.
   */
  compact(docId: string, state: Uint8Array, checkedAs?: string | null, upTo?: number): Promise<void>;
  /**
   * PostgreSQL (several instances): the rows numbered above `after`, in order. The first may be a
   * compacted state: it then holds every number up to its own.
   */
  since?(docId: string, after: number): Promise<SequencedUpdate[]>;
  /** PostgreSQL: each document's last handed-out number (documents without one are left out). */
  heads?(docIds: readonly string[]): Promise<Map<string, number>>;
}

/** PostgreSQL: each appended row's sequence number, in batch order; SQLite (one process): null. */
export type AppendResult = readonly number[] | null;

export interface SequencedUpdate {
  seq: number;
  update: Uint8Array;
}

export type UploadKindRow = 'image' | 'file' | 'video';

/** One stored file, shared by every upload record with the same content (content-addressed). */
export interface BlobRow {
  /** sha256 (hex) of the uploaded bytes. */
  hash: string;
  /** Generated name under data/uploads, derived from the hash: `<hash32>.<ext>`. */
  storedName: string;
  /** Thumbnail's stored name (images only). */
  thumbName: string | null;
  /** MIME type of the stored (re-encoded) bytes, from the detected format. */
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  createdAt: number;
}

/** One upload into one document (what the managers list). */
export interface UploadRow {
  id: string;
  docId: string;
  kind: UploadKindRow;
  hash: string;
  storedName: string;
  thumbName: string | null;
  /** Original file name, sanitized. */
  name: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** Comma-separated tags ('' when none). */
  tag: string;
  uploader: string;
  createdAt: number;
}

export interface UploadListQuery {
  kinds?: readonly UploadKindRow[];
  /** Only rows whose tag list contains this tag. */
  tag?: string;
  /** Case-insensitive substring of the name. */
  search?: string;
  limit: number;
  offset: number;
}

export interface MediaStore {
  getBlob(hash: string): Promise<BlobRow | undefined>;
  /** The blob whose stored name or thumbnail name is `storedName`. */
  getBlobByStoredName(storedName: string): Promise<BlobRow | undefined>;
  insertBlob(row: BlobRow): Promise<void>;
  /** The existing upload of the same content and kind in a document (dedupe). */
  findUpload(docId: string, kind: UploadKindRow, hash: string): Promise<UploadRow | undefined>;
  insertUpload(row: UploadRow): Promise<void>;
  getUpload(id: string): Promise<UploadRow | undefined>;
  /** Every upload (any document) of the blob whose stored or thumbnail name is `storedName`. */
  uploadsByStoredName(storedName: string): Promise<UploadRow[]>;
  listUploads(docId: string, query: UploadListQuery): Promise<{ items: UploadRow[]; total: number }>;
  setTag(id: string, tag: string): Promise<UploadRow | undefined>;
  /**
   * Deletes one upload record; when no other record references its blob, deletes the blob row too
   * and returns it so the caller removes the files (in that order: row first, then files).
   */
  deleteUpload(id: string): Promise<{ orphan: BlobRow | undefined }>;
  /** Deletes every upload of a document (purge); returns the blobs left without references. */
  deleteDocumentUploads(docId: string): Promise<BlobRow[]>;
}

export interface SnapshotRow {
  id: string;
  docId: string;
  /** Sanitized HTML. */
  html: string;
  /** sha256 (hex) of html, to skip storing an unchanged save. */
  hash: string;
  bytes: number;
  createdAt: number;
}

export interface SnapshotStore {
  latest(docId: string): Promise<SnapshotRow | undefined>;
  /** Inserts and drops the oldest beyond `keep`. */
  insert(row: SnapshotRow, keep: number): Promise<void>;
  list(docId: string, opts: { limit: number; offset: number }): Promise<{ items: SnapshotRow[]; total: number }>;
  get(docId: string, id: string): Promise<SnapshotRow | undefined>;
  deleteDocumentSnapshots(docId: string): Promise<void>;
}

export type VersionReasonRow = 'idle' | 'burst' | 'leave' | 'save' | 'restore' | 'import';

/** One recorded version of a document: its whole Yjs state and what changed since the previous one. */
export interface VersionRow {
  id: string;
  docId: string;
  createdAt: number;
  reason: VersionReasonRow;
  /** Display names, in first-edit order. */
  authors: string[];
  /** `Y.encodeStateAsUpdate` of the document at that time. */
  state: Uint8Array;
  /** state.byteLength. */
  bytes: number;
  /** Characters of text in the version. */
  chars: number;
  inserted: number;
  deleted: number;
  name: string | null;
}

export type VersionMetaRow = Omit<VersionRow, 'state'>;

export interface VersionStore {
  insert(row: VersionRow): Promise<void>;
  /** Newest first (ties: insertion order), without states. */
  list(docId: string, opts: { limit: number; offset: number }): Promise<{ items: VersionMetaRow[]; total: number }>;
  /** Every version's metadata, newest first (retention). */
  listAll(docId: string): Promise<VersionMetaRow[]>;
  get(docId: string, id: string): Promise<VersionRow | undefined>;
  latest(docId: string): Promise<VersionRow | undefined>;
  rename(docId: string, id: string, name: string | null): Promise<VersionMetaRow | undefined>;
  deleteMany(docId: string, ids: readonly string[]): Promise<void>;
  deleteDocumentVersions(docId: string): Promise<void>;
}

/** A "My documents" list (issue 25): who may read it is decided by its signed token, not stored here. */
export interface ListRow {
  id: string;
  createdAt: number;
}

/** One document of a list, with the link token its owner holds for it (checked before it was stored). */
export interface ListItemRow {
  listId: string;
  docId: string;
  token: string;
  addedAt: number;
}

export interface ListStore {
  create(id: string, now: number): Promise<ListRow>;
  get(id: string): Promise<ListRow | undefined>;
  /** The list's items, newest addition first. */
  items(listId: string): Promise<ListItemRow[]>;
  getItem(listId: string, docId: string): Promise<ListItemRow | undefined>;
  /**
   * Adds the item, or replaces the token of the same document (keeping when it was added); a new item is
   * refused ('full') when the list already holds `maxItems`.
   */
  putItem(row: ListItemRow, maxItems: number): Promise<'added' | 'updated' | 'full'>;
  /** Whether there was such an item. */
  removeItem(listId: string, docId: string): Promise<boolean>;
}

/** One comment of a thread (issue 28): the opening one or a reply. */
export interface CommentRow {
  id: string;
  docId: string;
  threadId: string;
  authorName: string;
  /** `#rrggbb`. */
  authorColor: string;
  /** sha-256 (hex) of the author's X-Tandem-Author key; the key itself is never stored. */
  authorKeyHash: string;
  body: string;
  createdAt: number;
  editedAt: number | null;
}

/** Who resolved a thread and when. */
export interface CommentResolution {
  name: string;
  color: string;
  at: number;
}

export interface CommentThreadRow {
  id: string;
  docId: string;
  quote: string;
  createdAt: number;
  /** Null while the thread is open. */
  resolved: CommentResolution | null;
  /** The opening comment first, then the replies, oldest first. */
  comments: CommentRow[];
}

/** A thread as created: its opening comment carries the same docId and threadId. */
export type NewCommentThread = Omit<CommentThreadRow, 'comments' | 'resolved'> & { first: CommentRow };

/**
 * Comment threads (issue 28). Every method is scoped to one document: ids of another document's threads
 * are unknown here. Purging a document deletes its threads.
 */
export interface CommentStore {
  /** The document's threads in creation order, each with its comments. */
  list(docId: string): Promise<CommentThreadRow[]>;
  get(docId: string, threadId: string): Promise<CommentThreadRow | undefined>;
  /** Refused when the id is taken ('exists') or the document holds `maxThreads` threads ('full'). */
  createThread(thread: NewCommentThread, maxThreads: number): Promise<'created' | 'exists' | 'full'>;
  /** Refused when the thread is unknown or already holds `maxComments` comments. */
  addComment(row: CommentRow, maxComments: number): Promise<'added' | 'no-thread' | 'full'>;
  /** Whether there was such a comment. */
  editComment(docId: string, threadId: string, commentId: string, body: string, editedAt: number): Promise<boolean>;
  /** Resolves (with who and when) or reopens (null); whether there was such a thread. */
  setResolved(docId: string, threadId: string, resolved: CommentResolution | null): Promise<boolean>;
  /** Whether there was such a comment. */
  deleteComment(docId: string, threadId: string, commentId: string): Promise<boolean>;
  /** Deletes the thread and its comments; whether there was such a thread. */
  deleteThread(docId: string, threadId: string): Promise<boolean>;
  /** Every thread of a document (an archive replacing it). */
  deleteDocumentComments(docId: string): Promise<void>;
}

/**
 * Named leases that instances sharing one database take turns on (the trash purge, a document's version
 * recorder): one holder at a time until it releases or its lease expires. Times are epoch milliseconds.
 */
export interface LeaseStore {
  /**
   * Takes the lease for `ttlMs` from `now` when it is free, expired or already `holder`'s (then it is
   * renewed); false when another holder has it.
   */
  acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean>;
  /** Gives the lease up when `holder` has it (another holder's lease stays). */
  release(name: string, holder: string): Promise<void>;
  /** Removes leases that expired before `before` (left by instances that stopped without releasing). */
  sweep(before: number): Promise<number>;
}

export interface Store {
  comments: CommentStore;
  documents: DocumentStore;
  leases: LeaseStore;
  lists: ListStore;
  updates: UpdateStore;
  media: MediaStore;
  snapshots: SnapshotStore;
  versions: VersionStore;
  /** Fails when the database cannot be written (readiness check). */
  checkWritable(): Promise<void>;
  /**
   * Writes a consistent copy of the whole database to `file` (a new file) while the store stays in use
   * (SQLite's online backup API). Uploads are files beside the database: the caller copies those.
   */
  backup(file: string): Promise<void>;
  close(): Promise<void>;
}
