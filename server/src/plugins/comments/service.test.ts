import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import * as decoding from 'lib0/decoding';
import { COMMENTS_MESSAGE_TYPE } from '@shared/api/comments';
import { AppError } from '../../infra/errors/app-error';
import { authorKeyHash, commentsFrame, mayDelete, requireAuthor, toThread } from './service';

const request = (key?: string): FastifyRequest =>
  ({ headers: key === undefined ? {} : { 'x-tandem-author': key } }) as unknown as FastifyRequest;

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
  return undefined;
};

describe('comments service', () => {
  it('hashes a well-formed author key and refuses a missing or malformed one on a change', () => {
    const key = 'K'.repeat(32);
    expect(authorKeyHash(request(key))).toMatch(/^[0-9a-f]{64}$/);
    expect(authorKeyHash(request(key))).not.toContain(key);
    expect(authorKeyHash(request('K'.repeat(31)))).toBeNull();
    expect(authorKeyHash(request(`${key}.`))).toBeNull();
    expect(codeOf(() => requireAuthor(request()))).toBe('COMMENT_AUTHOR_REQUIRED');
    expect(codeOf(() => requireAuthor(request(key)))).toBeUndefined();
  });

  it('lets editors delete anyone’s comment, other links only their own', () => {
    expect(mayDelete('editor', 'a', 'b')).toBe(true);
    expect(mayDelete('admin', 'a', 'b')).toBe(true);
    expect(mayDelete('viewer', 'a', 'b')).toBe(false);
    expect(mayDelete('viewer', 'a', 'a')).toBe(true);
  });

  it('answers `mine` per requester and never the hash', () => {
    const row = {
      id: 'thread-1',
      docId: 'd',
      quote: 'q',
      createdAt: 1,
      resolved: { name: 'Bo', color: '#000000', at: 2 },
      comments: [
        {
          id: 'c1',
          docId: 'd',
          threadId: 'thread-1',
          authorName: 'Ada',
          authorColor: '#ffffff',
          authorKeyHash: 'h1',
          body: 'b',
          createdAt: 1,
          editedAt: null,
        },
      ],
    };
    expect(toThread(row, 'h1')).toEqual({
      id: 'thread-1',
      quote: 'q',
      createdAt: 1,
      resolved: true,
      resolvedBy: { name: 'Bo', color: '#000000' },
      resolvedAt: 2,
      comments: [
        { id: 'c1', author: { name: 'Ada', color: '#ffffff' }, body: 'b', createdAt: 1, editedAt: null, mine: true },
      ],
    });
    expect(toThread(row, null).comments[0]?.mine).toBe(false);
    expect(JSON.stringify(toThread(row, 'h1'))).not.toContain('h1');
  });

  it('encodes a comments frame as the message type, then the event as JSON', () => {
    const decoder = decoding.createDecoder(commentsFrame({ threadId: 'thread-1', deleted: true }));
    expect(decoding.readVarUint(decoder)).toBe(COMMENTS_MESSAGE_TYPE);
    expect(JSON.parse(decoding.readVarString(decoder))).toEqual({ threadId: 'thread-1', deleted: true });
    expect(decoding.hasContent(decoder)).toBe(false);
  });
});
