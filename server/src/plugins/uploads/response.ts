import type { FastifyRequest } from 'fastify';
import type { UploadResponse } from '@shared/api/media';
import type { ServerConfig } from '../../config';
import { absoluteUploadUrl } from '../../infra/media/files';
import type { UploadRow } from '../../infra/storage/store';

/** Froala's `{ link, … }` answer with absolute URLs and `data-*` extras only. */
export function toUploadResponse(
  request: FastifyRequest,
  config: Pick<ServerConfig, 'publicUrl'>,
  row: UploadRow,
): UploadResponse {
  const body: UploadResponse = {
    link: absoluteUploadUrl(request, config, row.storedName),
    'data-id': row.id,
    'data-name': row.name,
    'data-size': row.bytes,
    'data-type': row.mime,
  };
  if (row.thumbName) body['data-thumb'] = absoluteUploadUrl(request, config, row.thumbName);
  if (row.width !== null) body['data-width'] = row.width;
  if (row.height !== null) body['data-height'] = row.height;
  return body;
}
