import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import type { CollabConnection, CollabHooks, OpenDocument } from '../../domain/collab/collab-core';
import { runHooks } from './hooks';

function fakeLog(): { log: FastifyBaseLogger; error: ReturnType<typeof vi.fn> } {
  const error = vi.fn();
  const log = { error } as unknown as FastifyBaseLogger;
  return { log, error };
}

const doc = new Y.Doc();
const document: OpenDocument = {
  docId: 'doc1',
  doc,
  awareness: new Awareness(doc),
  connections: new Set<CollabConnection>(),
  isOpen: true,
};
const connection: CollabConnection = { role: 'editor', awarenessIds: new Set() };

describe('runHooks', () => {
  it('logs a hook that throws or rejects with its name and runs the next ones', async () => {
    const { log, error } = fakeLog();
    const ran: string[] = [];
    const lists: CollabHooks[] = [
      {
        name: 'throws',
        onDisconnect: () => {
          ran.push('throws');
          throw new Error('no');
        },
      },
      { name: 'rejects', onDisconnect: () => Promise.reject(new Error('later')).finally(() => ran.push('rejects')) },
      { name: 'fine', onDisconnect: ({ connection: c }) => void ran.push(c.role) },
    ];
    const result = runHooks(lists, 'onDisconnect', { docId: 'doc1', document, connection }, log);
    // Hooks the core does not wait for all start at once.
    expect(result).toBeUndefined();
    expect(ran).toEqual(['throws', 'editor']);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(error.mock.calls.map((c: unknown[]) => c[0])).toMatchObject([
      { hook: 'onDisconnect', extension: 'throws', docId: 'doc1' },
      { hook: 'onDisconnect', extension: 'rejects', docId: 'doc1' },
    ]);
  });

  it('runs awaited hooks one after another and never rejects', async () => {
    const { log, error } = fakeLog();
    const ran: string[] = [];
    const lists: CollabHooks[] = [
      {
        name: 'slow',
        onLoad: async () => {
          await new Promise((r) => setTimeout(r, 5));
          ran.push('slow');
          throw new Error('no');
        },
      },
      { name: 'next', onLoad: ({ docId }) => void ran.push(docId) },
    ];
    await runHooks(lists, 'onLoad', { docId: 'doc1', document }, log);
    expect(ran).toEqual(['slow', 'doc1']);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
