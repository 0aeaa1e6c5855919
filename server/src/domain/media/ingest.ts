import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../config';
import { AppError } from '../../infra/errors/app-error';
import type { BlobRow, MediaStore, UploadKindRow, UploadRow } from '../../infra/storage/store';
import { INVALID_TYPE_CODE, detectFileType, isAllowed, type DetectedType } from './detect';
import type { BlobStore } from '../../infra/blobs/blob-store';
import { removeTemp, tempPath } from '../../infra/media/disk';
import { imageFormatOf, processImageFile } from './image';
import { normalizeTags, sanitizeFileName, sanitizeUploader, storedNameFor, thumbNameFor } from './names';
import { stageBuffer, type StagedFile } from '../../infra/media/staged';

export interface IngestInput {
  docId: string;
  kind: UploadKindRow;
  /**
   * The content: a multipart file already staged in the uploads tmp directory, or bytes in memory
   * (a fetched remote image, staged here). Consumed: moved into place or removed, whatever happens.
   */
  bytes: StagedFile | Buffer;
  /** Name as sent by the client (sanitized here). */
  name: string | undefined;
  tag?: string;
  uploader?: string;
}

export interface IngestResult {
  row: UploadRow;
  /** False when the same bytes were already uploaded to this document as this kind. */
  created: boolean;
}

/** `config` and `instanceId`: where this instance stages files (see `Staging`). */
type Deps = { config: Pick<ServerConfig, 'dataDir'>; instanceId: string; media: MediaStore; blobs: BlobStore };

function newUploadId(): string {
  return randomBytes(12).toString('base64url');
}

/** Stores the blob's files (re-encoded image + thumbnail, or the staged file as it came) and its row. */
async function storeBlob(deps: Deps, kind: UploadKindRow, staged: StagedFile, detected: DetectedType) {
  const storedName = storedNameFor(staged.hash, detected.ext);
  let blob: BlobRow;
  if (detected.image) {
    const format = imageFormatOf(detected.type);
    if (!format) throw new AppError(INVALID_TYPE_CODE[kind]);
    const encoded = await tempPath(deps);
    try {
      const corrupt = kind === 'image' ? 'IMAGE_CORRUPTED' : 'FILES_MANAGER_CORRUPTED';
      const image = await processImageFile(staged.path, encoded, format, corrupt);
      const thumbName = thumbNameFor(staged.hash);
      await deps.blobs.putBytes(thumbName, image.thumb, 'image/webp');
      await deps.blobs.putFile(storedName, encoded, detected.mime);
      blob = {
        hash: staged.hash,
        storedName,
        thumbName,
        mime: detected.mime,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        createdAt: Date.now(),
      };
    } finally {
      await removeTemp(encoded);
    }
  } else {
    await deps.blobs.putFile(storedName, staged.path, detected.mime);
    blob = {
      hash: staged.hash,
      storedName,
      thumbName: null,
      mime: detected.mime,
      bytes: staged.size,
      width: null,
      height: null,
      createdAt: Date.now(),
    };
  }
  await deps.media.insertBlob(blob);
  return blob;
}

/** An existing blob is reused only when its files are present and it went through the same pipeline. */
async function reusableBlob(deps: Deps, hash: string, detected: DetectedType): Promise<BlobRow | undefined> {
  const blob = await deps.media.getBlob(hash);
  if (!blob) return undefined;
  if (detected.image && !blob.thumbName) return undefined;
  if (!(await deps.blobs.exists(blob.storedName))) return undefined;
  if (blob.thumbName && !(await deps.blobs.exists(blob.thumbName))) return undefined;
  return blob;
}

/**
 * The upload pipeline shared by multipart uploads and remote images: identify by content, check the
 * kind's allowlist, dedupe (same bytes are stored once; same document and kind → the existing record),
 * process and store under the generated name, then record the upload. The content is handled as a
 * file in the uploads tmp directory, which is gone when this returns or throws.
 */
export async function ingestUpload(deps: Deps, input: IngestInput): Promise<IngestResult> {
  const staged = Buffer.isBuffer(input.bytes) ? await stageBuffer(deps, input.bytes) : input.bytes;
  try {
    return await ingestStaged(deps, input, staged);
  } finally {
    // Already moved into place when the local driver stored it as it came; removed on every other path.
    await removeTemp(staged.path);
  }
}

async function ingestStaged(deps: Deps, input: IngestInput, staged: StagedFile): Promise<IngestResult> {
  const name = sanitizeFileName(input.name);
  const detected = await detectFileType(staged.path, name);
  if (!isAllowed(input.kind, detected)) throw new AppError(INVALID_TYPE_CODE[input.kind]);

  const hash = staged.hash;
  const existing = await deps.media.findUpload(input.docId, input.kind, hash);
  if (existing && (await deps.blobs.exists(existing.storedName))) {
    return { row: existing, created: false };
  }

  const blob = (await reusableBlob(deps, hash, detected)) ?? (await storeBlob(deps, input.kind, staged, detected));
  if (existing) return { row: { ...existing, ...blobFacts(blob) }, created: false };

  const row: UploadRow = {
    id: newUploadId(),
    docId: input.docId,
    kind: input.kind,
    hash,
    ...blobFacts(blob),
    name,
    tag: input.kind === 'image' ? normalizeTags(input.tag) : '',
    uploader: sanitizeUploader(input.uploader),
    createdAt: Date.now(),
  };
  try {
    await deps.media.insertUpload(row);
  } catch (error) {
    // The same bytes raced into the same document: answer with the record that won.
    const winner = await deps.media.findUpload(input.docId, input.kind, hash);
    if (winner) return { row: winner, created: false };
    throw error;
  }
  return { row, created: true };
}

function blobFacts(blob: BlobRow): Pick<UploadRow, 'storedName' | 'thumbName' | 'mime' | 'bytes' | 'width' | 'height'> {
  return {
    storedName: blob.storedName,
    thumbName: blob.thumbName,
    mime: blob.mime,
    bytes: blob.bytes,
    width: blob.width,
    height: blob.height,
  };
}
