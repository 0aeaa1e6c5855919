import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { runHooks } from './hooks';
import type { CollabHooks } from './types';

function fakeLog(): { log: FastifyBaseLogger; error: ReturnType<typeof vi.fn> } {
  const error = vi.fn();
  const log = { error } as unknown as FastifyBaseLogger;
  return { log, error };
}

describe('runHooks', () => {
  it('logs a hook that throws or rejects with its name and runs the next ones', async () => {
    const { log, error } = fakeLog();
    const ran: string[] = [];
    const lists: CollabHooks[] = [
      {
        name: 'throws',
        onLeave: () => {
          ran.push('throws');
          throw new Error('no');
        },
      },
      { name: 'rejects', onLeave: () => Promise.reject(new Error('later')).finally(() => ran.push('rejects')) },
      { name: 'fine', onLeave: () => void ran.push('fine') },
    ];
    const result = runHooks(lists, 'onLeave', 'doc1', log, (h) => h.onLeave?.({} as never, {} as never));
    // Hooks the core does not wait for all start at once.
    expect(result).toBeUndefined();
    expect(ran).toEqual(['throws', 'fine']);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(error.mock.calls.map((c: unknown[]) => c[0])).toMatchObject([
      { hook: 'onLeave', extension: 'throws', docId: 'doc1' },
      { hook: 'onLeave', extension: 'rejects', docId: 'doc1' },
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
      { name: 'next', onLoad: () => void ran.push('next') },
    ];
    await runHooks(lists, 'onLoad', 'doc1', log, (h) => h.onLoad?.({} as never));
    expect(ran).toEqual(['slow', 'next']);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
