import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ErrorCode } from '@shared/errors';
import type { S3StorageConfig } from '../../config';
import { AppError } from '../errors/app-error';
import { assertStoredName, type BlobStore } from './blob-store';

/** Where provider failures are told in full: the server's log, never a client. */
export interface BlobLog {
  error(fields: object, message: string): void;
}

type Operation = 'put' | 'read' | 'head' | 'delete' | 'check';

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidToken',
  'ExpiredToken',
  'CredentialsProviderError',
]);

/**
 * The provider code (FROALA-REFERENCE §42) of a failed storage call: refused credentials are "provider key
 * missing" (1), anything else "upload processing failed" (4). Exported for the unit test.
 */
export function providerErrorCode(error: unknown): ErrorCode {
  const name = error instanceof Error ? error.name : '';
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (CREDENTIAL_ERRORS.has(name) || status === 401 || status === 403) return 'PROVIDER_KEY_MISSING';
  return 'PROVIDER_PROCESSING_FAILED';
}

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

const quiet = (): void => undefined;
const QUIET = { debug: quiet, info: quiet, warn: quiet, error: quiet };

/** Blobs as objects of one bucket, keyed by their stored name. */
export function createS3BlobStore(config: S3StorageConfig, log: BlobLog): BlobStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Plain signed bodies: many S3-compatible servers do not speak the chunked checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // Every failure is logged once by `fail` below; the SDK would print to the console otherwise.
    logger: QUIET,
  });
  const Bucket = config.bucket;

  const fail = (operation: Operation, name: string | undefined, error: unknown): AppError => {
    const code = providerErrorCode(error);
    const err = error instanceof Error ? error : new Error(String(error));
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    log.error(
      {
        storage: 's3',
        operation,
        blob: name,
        bucket: Bucket,
        provider: { name: err.name, message: err.message, status },
        code,
      },
      'blob storage failed',
    );
    return new AppError(code);
  };

  const head = async (name: string): Promise<number | undefined> => {
    const Key = assertStoredName(name);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return out.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw fail('head', name, error);
    }
  };

  const get = async (name: string, range?: string): Promise<Readable | undefined> => {
    const Key = assertStoredName(name);
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key, Range: range }));
      if (!(out.Body instanceof Readable)) throw new Error('the object body is not a stream');
      return out.Body;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw fail('read', name, error);
    }
  };

  const put = async (name: string, body: Buffer | Readable, length: number, mime: string): Promise<void> => {
    const Key = assertStoredName(name);
    try {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: body,
          ContentLength: length,
          ContentType: mime,
        }),
      );
    } catch (error) {
      throw fail('put', name, error);
    }
  };

  return {
    kind: 's3',
    async putFile(name, file, mime) {
      assertStoredName(name);
      const { size } = await fs.stat(file);
      await put(name, createReadStream(file), size, mime);
    },
    async putBytes(name, data, mime) {
      await put(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength), data.byteLength, mime);
    },
    async read(name) {
      const body = await get(name);
      if (!body) return undefined;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      } catch (error) {
        throw fail('read', name, error);
      }
      return Buffer.concat(chunks);
    },
    size: head,
    async exists(name) {
      return (await head(name)) !== undefined;
    },
    async open(name, range) {
      return get(name, range ? `bytes=${range.start}-${range.end}` : undefined);
    },
    async delete(name) {
      const Key = assertStoredName(name);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (isNotFound(error)) return;
        throw fail('delete', name, error);
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw fail('check', undefined, error);
      }
    },
    close() {
      client.destroy();
    },
  };
}
