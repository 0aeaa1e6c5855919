import type { FastifyBaseLogger } from 'fastify';
import type { CollabHooks, HookFunctions, HookName, HookPayloads } from '../../domain/collab/collab-core';

/** Hooks the core waits for, one after another (a load or an unload goes on once they are done). */
const AWAITED: Readonly<Record<HookName, boolean>> = {
  onLoad: true,
  onChange: false,
  onStore: false,
  onAwareness: false,
  onConnect: false,
  onDisconnect: false,
  onUnload: true,
};

/**
 * Runs one hook of every registered hook list, in order. A hook that throws or rejects is logged with its
 * name and the next one runs: a hook never stops a commit, a broadcast, a load or an unload. Awaited hooks
 * run one after another and the returned promise (which never rejects) settles after the last; the others
 * all start at once and nothing waits for them.
 */
export function runHooks<K extends HookName>(
  lists: readonly CollabHooks[],
  hook: K,
  payload: HookPayloads[K],
  log: FastifyBaseLogger,
  from = 0,
): Promise<void> | undefined {
  for (let i = from; i < lists.length; i++) {
    const hooks = lists[i] as CollabHooks;
    const fns: HookFunctions = hooks;
    const fn = fns[hook];
    if (fn === undefined) continue;
    const failed = (err: unknown): void => {
      log.error({ err, hook, extension: hooks.name, docId: payload.docId }, 'a collab hook failed');
    };
    let result: void | Promise<void>;
    try {
      result = fn.call(hooks, payload);
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
      () => runHooks(lists, hook, payload, log, i + 1),
      (err: unknown) => {
        failed(err);
        return runHooks(lists, hook, payload, log, i + 1);
      },
    );
  }
  return undefined;
}

/** Whether any registered list has `hook` (so a payload need not be built for nobody). */
export function hasHook(lists: readonly CollabHooks[], hook: HookName): boolean {
  return lists.some((hooks) => hooks[hook] !== undefined);
}
