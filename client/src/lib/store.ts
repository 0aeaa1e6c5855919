import { useSyncExternalStore } from 'react';

/**
 * The one way to hold subscribable client state (STYLE §7.11): a value with `get`, `set` and
 * `subscribe`, read in React with `useStore`. A dozen lines of our own instead of a package, because
 * this is all we need and React 19 brings `useSyncExternalStore`.
 */
export interface Store<T> {
  get: () => T;
  /** Notifies the subscribers when the value changes (`Object.is`). */
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

/** Listeners of one-shot events (no value kept): `on` returns the unsubscribe function. */
export interface Emitter<E = void> {
  on: (listener: (event: E) => void) => () => void;
  emit: (event: E) => void;
  clear: () => void;
}

export function emitter<E = void>(): Emitter<E> {
  const listeners = new Set<(event: E) => void>();
  return {
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // A copy: a listener may unsubscribe (or subscribe another) while the event is delivered.
    emit: (event) => [...listeners].forEach((listener) => listener(event)),
    clear: () => listeners.clear(),
  };
}

export function store<T>(initial: T): Store<T> {
  let value = initial;
  const changed = emitter();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      changed.emit();
    },
    subscribe: changed.on,
  };
}

/** The store's value, re-rendering on change. */
export const useStore = <T>(source: Pick<Store<T>, 'get' | 'subscribe'>): T =>
  useSyncExternalStore(source.subscribe, source.get);
