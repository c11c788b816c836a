import { createHook } from 'node:async_hooks';

/** Held for the life of the process; read only by the test. */
let kept: object | null = null;

/**
 * Keeps one of Node's tick objects alive for good (issue 39). `process.nextTick` builds each one
 * as `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`, and V8 keeps the
 * hidden classes of such a literal only while some object has them. A full collection made while
 * no tick is queued — our quiet-time collection, V8's memory reducer — frees them; the next ticks
 * get new ones, and after a few of those the literal's definition site turns megamorphic for good:
 * every tick then defines its keys through the runtime (`Runtime_DefineKeyedOwnPropertyInLiteral`,
 * `JSObject::MigrateToMap`), and every request makes several ticks. Measured on the cached reads
 * (essay list, links, random quote) in rounds alternating with the same build without this: 27–32 µs
 * of CPU a request instead of 33–37, and 0.68–0.81× the bare server's rate instead of 0.57–0.67×.
 * One object of four fields costs nothing; the init hook is on only for the one `nextTick` below.
 */
export const keepTickShape = (): object | null => {
  if (kept) return kept;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && kept === null) kept = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
  return kept;
};
