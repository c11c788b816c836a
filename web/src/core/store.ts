import { useSyncExternalStore } from 'react';

/** A tiny external store: one value, replaced by shallow patches, read with a selector hook. */
export interface Store<T extends object> {
  get(): T;
  set(patch: Partial<T>): void;
  subscribe(listener: () => void): () => void;
  /**
   * The value a server render shows (issue 16). React reads it while hydrating, so the first
   * client render is the server's markup whatever the device found out meanwhile, and re-renders
   * with `get()` right after; without it, hydration keeps stale attributes (a switch shown off).
   */
  serverValue(): T;
}

export const createStore = <T extends object>(initial: T, serverValue?: () => T): Store<T> => {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    serverValue: serverValue ?? (() => value),
    set(patch) {
      const next = { ...value, ...patch };
      if (Object.keys(patch).every((k) => Object.is(next[k as keyof T], value[k as keyof T]))) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** Reads a slice of a store; select primitives (or stable references) so React can compare them. */
export const useStore = <T extends object, S>(store: Store<T>, select: (value: T) => S): S =>
  useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.serverValue()),
  );
