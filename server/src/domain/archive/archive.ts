import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import * as Y from 'yjs';
import { isValidDocId } from '@shared/api/documents';
import { VersionReason } from '@shared/api/versions';
import type { DocumentRules } from '@shared/document/model/model-types';
import { repairDocument } from '@shared/document/yjs/repair';
import { ArchiveLimits, AutosaveLimits, DocumentLimits, UploadLimits, VersionLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { detectType, isAllowed } from '../media/detect';
import type { BlobStore } from '../../infra/blobs/blob-store';
import { normalizeTags, sanitizeFileName, sanitizeUploader, storedNameFor, thumbNameFor } from '../media/names';
import type { BlobRow, Store, UploadRow, VersionRow } from '../../infra/storage/store';
import { countDocumentText } from '../ydoc/text-count';
import { newDocumentId, normalizeTitle } from '../documents/document-record';
import { versionsToDelete, type RetentionPolicy } from '../versions/retention';
import { ArchivedThreads, exportThreads, importThreads, prepareThreads } from './archive-comments';

/**
 * One document with its history as one file: gzip of a JSON object with a format tag and version, the
 * document row, its Yjs state, its versions and snapshots, and its upload records with their files
 * (base64). Import treats the file as hostile: schema first, then every state through the document
 * model, every snapshot through the sanitizer, every file through type detection and its hash.
 */
export const ARCHIVE_FORMAT = 'tandem-document-archive';
export const ARCHIVE_VERSION = 1;

const Base64 = Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$' });
const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const Time = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });
const Hash = Type.String({ pattern: '^[0-9a-f]{64}$' });
const StoredName = Type.String({ pattern: '^[a-z0-9][a-z0-9._-]{0,127}$' });

const ArchivedVersion = Type.Object(
  {
    id: Type.String({ maxLength: 64 }),
    createdAt: Time,
    reason: VersionReason,
    authors: Type.Array(Type.String({ maxLength: 200 }), { maxItems: VersionLimits.maxAuthorsPerVersion }),
    state: Base64,
    chars: Count,
    inserted: Count,
    deleted: Count,
    name: Type.Union([Type.String({ maxLength: VersionLimits.maxNameLength }), Type.Null()]),
  },
  { additionalProperties: false },
);

const ArchivedSnapshot = Type.Object(
  {
    id: Type.String({ maxLength: 64 }),
    html: Type.String({ maxLength: AutosaveLimits.maxBodyBytes }),
    createdAt: Time,
  },
  { additionalProperties: false },
);

const ArchivedUpload = Type.Object(
  {
    id: Type.String({ maxLength: 64 }),
    kind: Type.Union([Type.Literal('image'), Type.Literal('file'), Type.Literal('video')]),
    hash: Hash,
    storedName: StoredName,
    thumbName: Type.Union([StoredName, Type.Null()]),
    name: Type.String({ maxLength: UploadLimits.maxNameChars }),
    mime: Type.String({ maxLength: 200 }),
    bytes: Count,
    width: Type.Union([Count, Type.Null()]),
    height: Type.Union([Count, Type.Null()]),
    tag: Type.String({ maxLength: UploadLimits.maxTagChars }),
    uploader: Type.String({ maxLength: 64 }),
    createdAt: Time,
  },
  { additionalProperties: false },
);

export const DocumentArchive = Type.Object(
  {
    format: Type.Literal(ARCHIVE_FORMAT),
    version: Type.Literal(ARCHIVE_VERSION),
    exportedAt: Time,
    document: Type.Object(
      {
        id: Type.String({ maxLength: DocumentLimits.maxIdChars }),
        title: Type.String({ maxLength: DocumentLimits.maxTitleChars * 4 }),
        createdAt: Time,
        updatedAt: Time,
      },
      { additionalProperties: false },
    ),
    state: Base64,
    versions: Type.Array(ArchivedVersion, { maxItems: ArchiveLimits.maxVersions }),
    snapshots: Type.Array(ArchivedSnapshot, { maxItems: ArchiveLimits.maxSnapshots }),
    uploads: Type.Array(ArchivedUpload, { maxItems: ArchiveLimits.maxUploads }),
    files: Type.Array(Type.Object({ name: StoredName, data: Base64 }, { additionalProperties: false }), {
      maxItems: ArchiveLimits.maxUploads * 2,
    }),
    /** Comment threads (issue 28); archives made before them have none. */
    comments: Type.Optional(ArchivedThreads),
  },
  { additionalProperties: false },
);
export type DocumentArchive = Static<typeof DocumentArchive>;

const b64 = (data: Uint8Array): string => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
const fromB64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

export interface ExportResult {
  archive: Buffer;
  /** Stored names an upload record references whose file is missing on disk (left out). */
  missing: string[];
}

/** Builds the archive of `docId`; `state` is the document's current Yjs state (live or merged from storage). */
export async function exportDocumentArchive(
  deps: { store: Store; blobs: Pick<BlobStore, 'read'> },
  docId: string,
  state: Uint8Array,
  now = Date.now(),
): Promise<ExportResult> {
  const { store } = deps;
  const row = await store.documents.get(docId);
  if (!row) throw new AppError('DOC_NOT_FOUND');
  const versions: DocumentArchive['versions'] = [];
  for (const meta of (await store.versions.listAll(docId)).slice(0, ArchiveLimits.maxVersions)) {
    const version = await store.versions.get(docId, meta.id);
    if (!version) continue;
    versions.push({
      id: version.id,
      createdAt: version.createdAt,
      reason: version.reason,
      authors: version.authors.slice(0, VersionLimits.maxAuthorsPerVersion),
      state: b64(version.state),
      chars: version.chars,
      inserted: version.inserted,
      deleted: version.deleted,
      name: version.name,
    });
  }
  const snapshots = (await store.snapshots.list(docId, { limit: ArchiveLimits.maxSnapshots, offset: 0 })).items.map(
    (s) => ({ id: s.id, html: s.html, createdAt: s.createdAt }),
  );
  const uploads = (await store.media.listUploads(docId, { limit: ArchiveLimits.maxUploads, offset: 0 })).items;
  const files: DocumentArchive['files'] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const name of uploads.flatMap((u) => (u.thumbName ? [u.storedName, u.thumbName] : [u.storedName]))) {
    if (seen.has(name)) continue;
    seen.add(name);
    const data = await deps.blobs.read(name);
    if (data) files.push({ name, data: b64(data) });
    else missing.push(name);
  }
  const archive: DocumentArchive = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: now,
    document: { id: row.id, title: row.title, createdAt: row.createdAt, updatedAt: row.updatedAt },
    state: b64(state),
    versions,
    snapshots,
    uploads: uploads.map((u) => ({
      id: u.id,
      kind: u.kind,
      hash: u.hash,
      storedName: u.storedName,
      thumbName: u.thumbName,
      name: u.name,
      mime: u.mime,
      bytes: u.bytes,
      width: u.width,
      height: u.height,
      tag: u.tag,
      uploader: u.uploader,
      createdAt: u.createdAt,
    })),
    files,
    comments: await exportThreads(store, docId),
  };
  return { archive: await promisify(gzip)(JSON.stringify(archive)), missing };
}

export interface ImportDeps {
  store: Store;
  blobs: Pick<BlobStore, 'exists' | 'putBytes'>;
  /** The document model's rules (null only when the update guard is off: nothing is checked then). */
  rules: DocumentRules | null;
  /** The snapshot sanitizer (the server's worker pool, or sanitizeHtml in the CLI). */
  sanitize: (html: string) => Promise<string>;
  maxDocumentBytes: number;
  /** The deployment's version retention: an archive's history is thinned to it like a recorded one. */
  retention: RetentionPolicy;
  limits?: { maxArchiveBytes: number; maxUnpackedBytes: number };
}

export interface ImportResult {
  id: string;
  title: string;
  /** The archive's id, when it was taken and the document got a new one. */
  previousId: string | null;
  versions: number;
  snapshots: number;
  uploads: number;
  /** Items the document model refused, removed from the state and the versions. */
  repaired: number;
  /** Upload records left out (their file was neither in the archive nor on this server, or was refused). */
  skippedUploads: number;
}

const invalid = (reason: string): AppError => new AppError('ARCHIVE_INVALID', { reason });

/** Applies an archived state to a fresh document, removes what the model refuses and re-encodes it. */
function cleanState(
  encoded: string,
  rules: DocumentRules | null,
  what: string,
): { state: Uint8Array; removed: number; chars: number } {
  const doc = new Y.Doc();
  try {
    try {
      Y.applyUpdate(doc, fromB64(encoded));
    } catch {
      throw invalid(`${what} is not a Yjs update`);
    }
    let removed = 0;
    if (rules) {
      const result = repairDocument(doc, rules, 'archive-import');
      removed = result.removed.length;
    } else {
      doc.store.pendingStructs = null;
      doc.store.pendingDs = null;
    }
    const chars = rules ? countDocumentText(doc, rules).chars : 0;
    return { state: Y.encodeStateAsUpdate(doc), removed, chars };
  } finally {
    doc.destroy();
  }
}

async function unpack(raw: Buffer, limits: NonNullable<ImportDeps['limits']>): Promise<DocumentArchive> {
  if (raw.byteLength > limits.maxArchiveBytes) throw invalid('the archive is larger than the limit');
  let text: string;
  try {
    // maxOutputLength stops a gzip bomb at the limit instead of filling memory.
    text = (await promisify(gunzip)(raw, { maxOutputLength: limits.maxUnpackedBytes })).toString('utf8');
  } catch (error) {
    if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw invalid('the archive unpacks to more than the limit');
    }
    throw invalid('the archive is not gzip');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('the archive does not hold JSON');
  }
  const tag = typeof parsed === 'object' && parsed !== null ? (parsed as { format?: unknown }).format : undefined;
  if (tag !== ARCHIVE_FORMAT) throw invalid('the archive is not a Tandem document archive');
  const version = (parsed as { version?: unknown }).version;
  if (typeof version === 'number' && version > ARCHIVE_VERSION) {
    throw invalid(`the archive was made by a newer Tandem (format ${version})`);
  }
  if (!Value.Check(DocumentArchive, parsed)) {
    const first = Value.Errors(DocumentArchive, parsed)[0];
    throw invalid(`${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`);
  }
  return parsed;
}

interface PreparedUpload {
  row: Omit<UploadRow, 'docId' | 'id'>;
  blob: BlobRow;
  /** Files to write (when the blob is new on this server). */
  write: Array<{ name: string; data: Uint8Array; mime: string }>;
}

/** Checks an archived upload against its bytes: hash, generated names, type detected from the content. */
async function prepareUpload(
  deps: ImportDeps,
  upload: DocumentArchive['uploads'][number],
  files: Map<string, Uint8Array>,
  now: number,
): Promise<PreparedUpload | null> {
  const existing = await deps.store.media.getBlob(upload.hash);
  const fields = {
    kind: upload.kind,
    hash: upload.hash,
    // The same cleaning as an upload's fields: the archive may come from anywhere.
    name: sanitizeFileName(upload.name),
    tag: normalizeTags(upload.tag),
    uploader: sanitizeUploader(upload.uploader),
    createdAt: upload.createdAt,
  };
  // An image needs its thumbnail (the image manager lists images by it).
  const fits = existing && (upload.kind !== 'image' || existing.thumbName !== null);
  if (existing && fits && (await deps.blobs.exists(existing.storedName))) {
    const { hash: _hash, createdAt: _createdAt, ...facts } = existing;
    return { row: { ...fields, ...facts }, blob: existing, write: [] };
  }
  const data = files.get(upload.storedName);
  if (!data) return null;
  if (createHash('sha256').update(data).digest('hex') !== upload.hash) return null;
  const detected = await detectType(data, fields.name);
  if (!isAllowed(upload.kind, detected)) return null;
  const storedName = storedNameFor(upload.hash, detected.ext);
  if (storedName !== upload.storedName) return null;
  const write = [{ name: storedName, data, mime: detected.mime }];
  let thumbName: string | null = null;
  const thumb = upload.thumbName === null ? undefined : files.get(upload.thumbName);
  if (thumb && upload.thumbName === thumbNameFor(upload.hash)) {
    const thumbType = await detectType(thumb, 'thumb.webp');
    if (thumbType?.mime === 'image/webp') {
      thumbName = upload.thumbName;
      write.push({ name: thumbName, data: thumb, mime: 'image/webp' });
    }
  }
  // The image manager lists images by their thumbnail: an image without one is left out.
  if (detected.image && thumbName === null) return null;
  const blob: BlobRow = {
    hash: upload.hash,
    storedName,
    thumbName,
    mime: detected.mime,
    bytes: data.byteLength,
    width: upload.width,
    height: upload.height,
    createdAt: now,
  };
  const { hash: _hash, createdAt: _createdAt, ...facts } = blob;
  return { row: { ...fields, ...facts }, blob, write };
}

/** Imports an archive: everything is checked first, then written (files, document, versions, uploads). */
export async function importDocumentArchive(deps: ImportDeps, raw: Buffer, now = Date.now()): Promise<ImportResult> {
  const archive = await unpack(raw, deps.limits ?? ArchiveLimits);
  const main = cleanState(archive.state, deps.rules, 'the document state');
  if (main.state.byteLength > deps.maxDocumentBytes) throw invalid('the document is larger than this server allows');
  let repaired = main.removed;
  const versions: VersionRow[] = [];
  for (const [i, v] of archive.versions.entries()) {
    const clean = cleanState(v.state, deps.rules, `version ${i + 1}`);
    repaired += clean.removed;
    versions.push({
      id: randomBytes(12).toString('base64url'),
      docId: '',
      createdAt: v.createdAt,
      reason: v.reason,
      authors: v.authors,
      state: clean.state,
      bytes: clean.state.byteLength,
      chars: clean.chars,
      inserted: v.inserted,
      deleted: v.deleted,
      name: v.name,
    });
  }
  const snapshots = [];
  for (const s of archive.snapshots) {
    const html = await deps.sanitize(s.html);
    snapshots.push({ html, createdAt: s.createdAt, hash: createHash('sha256').update(html).digest('hex') });
  }
  const threads = prepareThreads(archive.comments ?? []);
  const files = new Map<string, Uint8Array>();
  for (const f of archive.files) files.set(f.name, fromB64(f.data));
  const uploads: PreparedUpload[] = [];
  const kept = new Set<string>();
  for (const upload of archive.uploads) {
    const key = `${upload.kind}:${upload.hash}`;
    if (kept.has(key)) continue;
    const prepared = await prepareUpload(deps, upload, files, now);
    if (prepared) {
      kept.add(key);
      uploads.push(prepared);
    }
  }

  // Writes: files before the rows that name them (as uploads do), then the document and its history.
  for (const u of uploads) {
    for (const f of u.write) if (!(await deps.blobs.exists(f.name))) await deps.blobs.putBytes(f.name, f.data, f.mime);
    if (u.write.length > 0 && !(await deps.store.media.getBlob(u.blob.hash))) await deps.store.media.insertBlob(u.blob);
  }
  const wanted = archive.document.id;
  const free = isValidDocId(wanted) && (await deps.store.documents.get(wanted)) === undefined;
  const id = free ? wanted : newDocumentId();
  const title = normalizeTitle(archive.document.title);
  await deps.store.documents.create(id, title, now);
  await deps.store.updates.compact(id, main.state);
  // Oldest first, so equal times keep their order; then the import itself as the newest version.
  for (const v of [...versions].sort((a, b) => a.createdAt - b.createdAt)) {
    await deps.store.versions.insert({ ...v, docId: id });
  }
  await deps.store.versions.insert({
    id: randomBytes(12).toString('base64url'),
    docId: id,
    createdAt: now,
    reason: 'import',
    authors: [],
    state: main.state,
    bytes: main.state.byteLength,
    chars: main.chars,
    inserted: 0,
    deleted: 0,
    name: null,
  });
  const thinned = versionsToDelete(await deps.store.versions.listAll(id), now, deps.retention);
  if (thinned.length > 0) await deps.store.versions.deleteMany(id, thinned);
  for (const s of [...snapshots].sort((a, b) => a.createdAt - b.createdAt)) {
    await deps.store.snapshots.insert(
      {
        id: randomBytes(12).toString('base64url'),
        docId: id,
        html: s.html,
        hash: s.hash,
        bytes: Buffer.byteLength(s.html, 'utf8'),
        createdAt: s.createdAt,
      },
      AutosaveLimits.maxSnapshotsPerDocument,
    );
  }
  for (const u of uploads) {
    await deps.store.media.insertUpload({ ...u.row, id: randomBytes(12).toString('base64url'), docId: id });
  }
  await importThreads(deps.store, id, threads);
  return {
    id,
    title,
    previousId: free ? null : wanted,
    versions: versions.length,
    snapshots: snapshots.length,
    uploads: uploads.length,
    repaired,
    skippedUploads: archive.uploads.length - uploads.length,
  };
}
