import type { FastifyBaseLogger } from 'fastify';
import type { CollabHooks } from './types';

export type HookName = Exclude<keyof CollabHooks, 'name'>;

/** Hooks the core waits for, one after another (a load or an unload goes on once they are done). */
const AWAITED: Readonly<Record<HookName, boolean>> = {
  onLoad: true,
  onChange: false,
  onLeave: false,
  onUnload: true,
};

/**
 * Runs one hook of every registered hook list, in order. A hook that throws or rejects is logged with its
 * name and the next one runs: a hook never stops a commit, a broadcast, a load or an unload. Awaited hooks
 * run one after another and the returned promise (which never rejects) settles after the last; the others
 * all start at once and nothing waits for them.
 */
export function runHooks(
  lists: readonly CollabHooks[],
  hook: HookName,
  docId: string,
  log: FastifyBaseLogger,
  call: (hooks: CollabHooks) => unknown,
  from = 0,
): Promise<void> | undefined {
  for (let i = from; i < lists.length; i++) {
    const hooks = lists[i] as CollabHooks;
    if (hooks[hook] === undefined) continue;
    const failed = (err: unknown): void => {
      log.error({ err, hook, extension: hooks.name ?? 'unnamed', docId }, 'a collab hook failed');
    };
    let result: unknown;
    try {
      result = call(hooks);
    } catch (err) {
      failed(err);
      continue;
    }
    if (!(result instanceof Promise)) continue;
    if (!AWAITED[hook]) {
      result.catch(failed);
      continue;
    }
    return result.then(
      () => runHooks(lists, hook, docId, log, call, i + 1),
      (err: unknown) => {
        failed(err);
        return runHooks(lists, hook, docId, log, call, i + 1);
      },
    );
  }
  return undefined;
}
