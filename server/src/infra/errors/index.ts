import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Errors, errorBody, type ErrorCode } from '@shared/errors';
import { AppError } from './app-error';

const fastifyCodeMap: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  // @fastify/multipart (the upload routes turn a too-large file into the kind's own *_TOO_LARGE code).
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'TOO_LARGE',
  FST_PARTS_LIMIT: 'TOO_LARGE',
  FST_FILES_LIMIT: 'TOO_LARGE',
  FST_FIELDS_LIMIT: 'TOO_LARGE',
  FST_PROTO_VIOLATION: 'BAD_REQUEST',
  FST_INVALID_JSON_FIELD_ERROR: 'BAD_REQUEST',
  FST_MP_PREMATURE_CLOSE: 'BAD_REQUEST',
};

/** Maps any thrown error to one typed error code (exported for the error-contract test). */
export function toErrorCode(error: FastifyError | AppError | Error): ErrorCode {
  if (error instanceof AppError) return error.code;
  const fe = error as FastifyError;
  if (fe.validation) return 'VALIDATION_FAILED';
  if (typeof fe.code === 'string' && Object.hasOwn(fastifyCodeMap, fe.code))
    return fastifyCodeMap[fe.code] as ErrorCode;
  if (fe.statusCode === 400) return 'BAD_REQUEST';
  if (fe.statusCode === 413) return 'TOO_LARGE';
  if (fe.statusCode === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (fe.statusCode === 429) return 'RATE_LIMITED';
  return 'INTERNAL';
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const code = toErrorCode(error);
    const body = errorBody(code, error instanceof AppError ? error.details : undefined);
    if (code === 'VALIDATION_FAILED' && 'validation' in error && error.validation) {
      body.details = error.validation.map((v) => ({ path: v.instancePath, message: v.message }));
    }
    const fastifyCode = (error as FastifyError).code;
    const mapped = typeof fastifyCode === 'string' && Object.hasOwn(fastifyCodeMap, fastifyCode);
    const status =
      error instanceof AppError || mapped ? Errors[code].status : code === 'INTERNAL' ? 500 : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code }, 'request refused');
    void reply.status(status).send(body);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
