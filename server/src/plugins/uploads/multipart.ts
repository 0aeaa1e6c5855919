import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFields } from '@fastify/multipart';
import { UploadFields } from '@shared/api/media';
import { AppError } from '../../infra/errors/app-error';
import { TOO_LARGE_CODE } from '../../domain/media/detect';
import { stageStream, type StagedFile } from '../../infra/media/staged';
import type { UploadKindRow } from '../../infra/storage/store';

export interface ReceivedFile {
  /** The file part, staged in the uploads tmp directory; `ingestUpload` consumes it. */
  bytes: StagedFile;
  filename: string;
  tag: string | undefined;
  uploader: string | undefined;
}

function fieldValue(fields: MultipartFields, name: string): string | undefined {
  const entry: Multipart | Multipart[] | undefined = fields[name];
  const first = Array.isArray(entry) ? entry[0] : entry;
  if (!first || first.type !== 'field') return undefined;
  return typeof first.value === 'string' ? first.value : undefined;
}

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Streams the one `file` part (text fields sent before it included) into a temporary file, hashing
 * it on the way: busboy stops at `maxBytes` and one byte more fails with the kind's *_TOO_LARGE code
 * (the temporary file is removed). Nothing of the upload is held in memory.
 */
export async function receiveFile(
  request: FastifyRequest,
  kind: UploadKindRow,
  maxBytes: number,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const part = await request.file({
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
  });
  if (!part) throw new AppError('UPLOAD_MISSING_FILE');
  if (part.fieldname !== UploadFields.file) {
    part.file.resume();
    throw new AppError('UPLOAD_MISSING_FILE');
  }
  const tooLarge = (): AppError => new AppError(TOO_LARGE_CODE[kind]);
  let staged: StagedFile;
  try {
    staged = await stageStream(request.server, part.file, {
      maxBytes,
      tooLarge,
      truncated: () => part.file.truncated,
    });
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  return {
    bytes: staged,
    filename: part.filename,
    tag: fieldValue(part.fields, UploadFields.tag),
    uploader: fieldValue(part.fields, UploadFields.uploader),
  };
}
