import { createHash, randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../config';
import { AppError } from '../errors/app-error';
import type { BlobRow, MediaStore, UploadKindRow, UploadRow } from '../storage/store';
import { INVALID_TYPE_CODE, detectType, isAllowed, type DetectedType } from './detect';
import { storedFileExists, writeStoredFile } from './disk';
import { imageFormatOf, processImage } from './image';
import { normalizeTags, sanitizeFileName, sanitizeUploader, storedNameFor, thumbNameFor } from './names';

export interface IngestInput {
  docId: string;
  kind: UploadKindRow;
  bytes: Buffer;
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

type Deps = { config: Pick<ServerConfig, 'dataDir'>; media: MediaStore };

function newUploadId(): string {
  return randomBytes(12).toString('base64url');
}

/** Stores the blob's files (re-encoded image + thumbnail, or the bytes as they came) and its row. */
async function storeBlob(deps: Deps, kind: UploadKindRow, hash: string, bytes: Buffer, detected: DetectedType) {
  const storedName = storedNameFor(hash, detected.ext);
  let blob: BlobRow;
  if (detected.image) {
    const format = imageFormatOf(detected.type);
    if (!format) throw new AppError(INVALID_TYPE_CODE[kind]);
    const image = await processImage(bytes, format, kind === 'image' ? 'IMAGE_CORRUPTED' : 'FILES_MANAGER_CORRUPTED');
    const thumbName = thumbNameFor(hash);
    await writeStoredFile(deps.config, thumbName, image.thumb);
    await writeStoredFile(deps.config, storedName, image.data);
    blob = {
      hash,
      storedName,
      thumbName,
      mime: detected.mime,
      bytes: image.data.byteLength,
      width: image.width,
      height: image.height,
      createdAt: Date.now(),
    };
  } else {
    await writeStoredFile(deps.config, storedName, bytes);
    blob = {
      hash,
      storedName,
      thumbName: null,
      mime: detected.mime,
      bytes: bytes.byteLength,
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
  if (!(await storedFileExists(deps.config, blob.storedName))) return undefined;
  if (blob.thumbName && !(await storedFileExists(deps.config, blob.thumbName))) return undefined;
  return blob;
}

/**
 * The upload pipeline shared by multipart uploads and remote images: identify by content, check the
 * kind's allowlist, dedupe (same bytes are stored once; same document and kind → the existing record),
 * process and store under the generated name, then record the upload.
 */
export async function ingestUpload(deps: Deps, input: IngestInput): Promise<IngestResult> {
  const name = sanitizeFileName(input.name);
  const detected = await detectType(input.bytes, name);
  if (!isAllowed(input.kind, detected)) throw new AppError(INVALID_TYPE_CODE[input.kind]);

  const hash = createHash('sha256').update(input.bytes).digest('hex');
  const existing = await deps.media.findUpload(input.docId, input.kind, hash);
  if (existing && (await storedFileExists(deps.config, existing.storedName))) {
    return { row: existing, created: false };
  }

  const blob =
    (await reusableBlob(deps, hash, detected)) ?? (await storeBlob(deps, input.kind, hash, input.bytes, detected));
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
