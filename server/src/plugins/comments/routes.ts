import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DocParams } from '@shared/api/documents';
import {
  CommentParams,
  CommentThread,
  CommentThreadList,
  CommentThreadParams,
  CreateReplyBody,
  CreateThreadBody,
  EditCommentBody,
  UpdateThreadBody,
  type CommentEvent,
} from '@shared/api/comments';
import { CommentLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { documentErrorResponses } from '../../infra/errors/responses';
import type { CommentThreadRow } from '../../infra/storage/store';
import { cleanQuote } from './clean-text';
import {
  authorKeyHash,
  cleanAuthor,
  commentsFrame,
  mayDelete,
  newCommentId,
  requireAuthor,
  requireBody,
  toThread,
} from './service';

const errors = documentErrorResponses(409, 429);

/** A comment text that is no string is refused before the schema's coercion would turn 42 into '42'. */
async function checkBodyType(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Object.hasOwn(body, 'body')) return;
  if (typeof Reflect.get(body, 'body') !== 'string') throw new AppError('COMMENT_BODY_INVALID');
}

/** Schema failures of the comment text alone answer COMMENT_BODY_INVALID; any other the usual way. */
async function refuseInvalid(request: FastifyRequest): Promise<void> {
  const error = request.validationError;
  if (!error) return;
  const paths: unknown[] = Array.isArray(error.validation)
    ? error.validation.map((v: unknown) =>
        typeof v === 'object' && v !== null ? Reflect.get(v, 'instancePath') : null,
      )
    : [];
  if (error.validationContext === 'body' && paths.length > 0 && paths.every((p) => p === '/body')) {
    throw new AppError('COMMENT_BODY_INVALID');
  }
  throw error;
}

/** A change: counted against the comments rate limit, an editor link (`write`), schema failures typed. */
const change = { attachValidation: true, preValidation: checkBodyType, preHandler: refuseInvalid } as const;
const changeConfig = { requestLimit: 'comments', doc: 'write' } as const;

/** The comments API (shared/src/api/comments.ts). */
export async function commentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const comments = app.store.comments;

  const requireThread = async (docId: string, threadId: string): Promise<CommentThreadRow> => {
    const thread = await comments.get(docId, threadId);
    if (!thread) throw new AppError('COMMENT_THREAD_NOT_FOUND');
    return thread;
  };
  /** Tells the document's clients (every instance) which thread changed. */
  const announce = (docId: string, event: CommentEvent): void => {
    app.collab.sendToDocument(docId, commentsFrame(event));
  };
  /** The thread after a change, announced. */
  const changed = async (docId: string, threadId: string, requester: string): Promise<CommentThread> => {
    announce(docId, { threadId });
    return toThread(await requireThread(docId, threadId), requester);
  };

  app.get(
    '/api/documents/:id/comments',
    { config: { doc: 'read' }, schema: { params: DocParams, response: { 200: CommentThreadList, ...errors } } },
    async (request) => {
      const requester = authorKeyHash(request);
      return (await comments.list(request.document.id)).map((t) => toThread(t, requester));
    },
  );

  app.get(
    '/api/documents/:id/comments/:threadId',
    {
      config: { doc: 'read' },
      schema: { params: CommentThreadParams, response: { 200: CommentThread, ...errors } },
    },
    async (request) =>
      toThread(await requireThread(request.document.id, request.params.threadId), authorKeyHash(request)),
  );

  app.post(
    '/api/documents/:id/comments',
    {
      ...change,
      config: changeConfig,
      schema: { params: DocParams, body: CreateThreadBody, response: { 201: CommentThread, ...errors } },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const requester = requireAuthor(request);
      const { id, quote, body, author } = request.body;
      const text = requireBody(body);
      const by = cleanAuthor(author);
      const now = Date.now();
      const result = await comments.createThread(
        {
          id,
          docId,
          quote: cleanQuote(quote),
          createdAt: now,
          first: {
            id: newCommentId(),
            docId,
            threadId: id,
            authorName: by.name,
            authorColor: by.color,
            authorKeyHash: requester,
            body: text,
            createdAt: now,
            editedAt: null,
          },
        },
        CommentLimits.maxThreadsPerDocument,
      );
      if (result === 'exists') throw new AppError('COMMENT_THREAD_EXISTS');
      if (result === 'full') throw new AppError('COMMENT_LIMIT_REACHED');
      request.log.info({ docId, threadId: id }, 'comment thread created');
      void reply.status(201);
      return changed(docId, id, requester);
    },
  );

  app.post(
    '/api/documents/:id/comments/:threadId/replies',
    {
      ...change,
      config: changeConfig,
      schema: { params: CommentThreadParams, body: CreateReplyBody, response: { 201: CommentThread, ...errors } },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const { threadId } = request.params;
      const requester = requireAuthor(request);
      const text = requireBody(request.body.body);
      const by = cleanAuthor(request.body.author);
      const result = await comments.addComment(
        {
          id: newCommentId(),
          docId,
          threadId,
          authorName: by.name,
          authorColor: by.color,
          authorKeyHash: requester,
          body: text,
          createdAt: Date.now(),
          editedAt: null,
        },
        CommentLimits.maxCommentsPerThread,
      );
      if (result === 'no-thread') throw new AppError('COMMENT_THREAD_NOT_FOUND');
      if (result === 'full') throw new AppError('COMMENT_LIMIT_REACHED');
      void reply.status(201);
      return changed(docId, threadId, requester);
    },
  );

  app.patch(
    '/api/documents/:id/comments/:threadId',
    {
      ...change,
      config: changeConfig,
      schema: { params: CommentThreadParams, body: UpdateThreadBody, response: { 200: CommentThread, ...errors } },
    },
    async (request) => {
      const docId = request.document.id;
      const { threadId } = request.params;
      const requester = requireAuthor(request);
      const by = cleanAuthor(request.body.author);
      const resolution = request.body.resolved ? { ...by, at: Date.now() } : null;
      if (!(await comments.setResolved(docId, threadId, resolution))) throw new AppError('COMMENT_THREAD_NOT_FOUND');
      return changed(docId, threadId, requester);
    },
  );

  app.patch(
    '/api/documents/:id/comments/:threadId/replies/:commentId',
    {
      ...change,
      config: changeConfig,
      schema: { params: CommentParams, body: EditCommentBody, response: { 200: CommentThread, ...errors } },
    },
    async (request) => {
      const docId = request.document.id;
      const { threadId, commentId } = request.params;
      const requester = requireAuthor(request);
      const thread = await requireThread(docId, threadId);
      const comment = thread.comments.find((c) => c.id === commentId);
      if (!comment) throw new AppError('COMMENT_NOT_FOUND');
      // Only its author changes what a comment says, whatever the link.
      if (comment.authorKeyHash !== requester) throw new AppError('COMMENT_NOT_YOURS');
      const text = requireBody(request.body.body);
      if (!(await comments.editComment(docId, threadId, commentId, text, Date.now()))) {
        throw new AppError('COMMENT_NOT_FOUND');
      }
      return changed(docId, threadId, requester);
    },
  );

  app.delete(
    '/api/documents/:id/comments/:threadId/replies/:commentId',
    { config: changeConfig, schema: { params: CommentParams, response: { 200: CommentThread, ...errors } } },
    async (request) => {
      const docId = request.document.id;
      const { threadId, commentId } = request.params;
      const requester = requireAuthor(request);
      const thread = await requireThread(docId, threadId);
      const index = thread.comments.findIndex((c) => c.id === commentId);
      const comment = thread.comments[index];
      if (!comment) throw new AppError('COMMENT_NOT_FOUND');
      // The opening comment goes with its thread (DELETE the thread): a thread is never empty.
      if (index === 0) throw new AppError('BAD_REQUEST');
      if (!mayDelete(request.document.role, comment.authorKeyHash, requester)) throw new AppError('COMMENT_NOT_YOURS');
      if (!(await comments.deleteComment(docId, threadId, commentId))) throw new AppError('COMMENT_NOT_FOUND');
      return changed(docId, threadId, requester);
    },
  );

  app.delete(
    '/api/documents/:id/comments/:threadId',
    { config: changeConfig, schema: { params: CommentThreadParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const docId = request.document.id;
      const { threadId } = request.params;
      const requester = requireAuthor(request);
      const thread = await requireThread(docId, threadId);
      const opening = thread.comments[0];
      if (opening && !mayDelete(request.document.role, opening.authorKeyHash, requester)) {
        throw new AppError('COMMENT_NOT_YOURS');
      }
      if (!(await comments.deleteThread(docId, threadId))) throw new AppError('COMMENT_THREAD_NOT_FOUND');
      request.log.info({ docId, threadId }, 'comment thread deleted');
      announce(docId, { threadId, deleted: true });
      return reply.status(204).send(null);
    },
  );
}
