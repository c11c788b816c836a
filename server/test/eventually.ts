/**
 * Waits for `probe` to answer something truthy, asking every 200 ms, and answers it; throws after
 * `ms`. For what arrives through a queue (federation deliveries, jobs), not for timing.
 */
export const eventually = async <T>(probe: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
