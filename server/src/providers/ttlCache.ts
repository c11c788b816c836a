/**
 * A small in-memory cache whose entries expire after a fixed time; the oldest entry goes first
 * when it is full. Per process: it only saves upstream calls, no replica depends on another's copy.
 */
export const createTtlCache = <K, V>(options: { ttlMs: number; maxEntries: number; now: () => number }) => {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= options.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: options.now() + options.ttlMs });
    },
  };
};

export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
