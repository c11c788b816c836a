/**
 * A value loaded on first use and kept — but not a failed load: its rejection is passed on and
 * forgotten, so the next use loads again. A chunk that failed to download during a network blip
 * would otherwise fail every later use until the page is reloaded (issue 39: the whole route table,
 * and with it every owner call of the back office).
 */
export const lazyValue = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
};
