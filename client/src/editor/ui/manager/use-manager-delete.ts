import { useCallback, useState } from 'react';
import type { ErrorCode } from '@shared/errors';
import type { ApiErrorCode } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-helpers';

export interface ManagerDeleteOptions<T> {
  idOf: (item: T) => string;
  /** Deletes one item on the server. */
  remove: (item: T) => Promise<void>;
  /** The code of a failure that is not an ApiError. */
  failed: ErrorCode;
  /** After a run: the items the server no longer has. */
  onDeleted: (gone: readonly T[]) => void;
}

export interface ManagerDelete<T> {
  /** The items the confirm prompt asks about, or null when it is closed. */
  asking: readonly T[] | null;
  ask: (items: readonly T[]) => void;
  /** The prompt's answer: on yes the items are deleted one after the other. */
  answer: (ok: boolean) => void;
  /** Ids being deleted now. */
  deleting: ReadonlySet<string>;
  /** The last run's failure (the last item that failed), until the next run or `dismiss`. */
  failure: ApiErrorCode | null;
  dismiss: () => void;
}

/** Delete with a confirm prompt, for the manager modals. */
export function useManagerDelete<T>({ idOf, remove, failed, onDeleted }: ManagerDeleteOptions<T>): ManagerDelete<T> {
  const [asking, setAsking] = useState<readonly T[] | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<ApiErrorCode | null>(null);

  const mark = (items: readonly T[], on: boolean): void =>
    setDeleting((prev) => {
      const next = new Set(prev);
      for (const item of items) {
        if (on) next.add(idOf(item));
        else next.delete(idOf(item));
      }
      return next;
    });

  const run = async (items: readonly T[]): Promise<void> => {
    mark(items, true);
    const gone: T[] = [];
    let failedWith: ApiErrorCode | null = null;
    for (const item of items) {
      try {
        await remove(item);
        gone.push(item);
      } catch (error) {
        failedWith = isApiError(error) ? error.code : failed;
      }
    }
    mark(items, false);
    setFailure(failedWith);
    onDeleted(gone);
  };

  return {
    asking,
    ask: setAsking,
    answer: (ok) => {
      const items = asking;
      setAsking(null);
      if (ok && items && items.length > 0) void run(items);
    },
    deleting,
    failure,
    dismiss: useCallback(() => setFailure(null), []),
  };
}
