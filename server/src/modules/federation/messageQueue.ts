import { randomUUID } from 'node:crypto';
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';

/** Runs one claimed message through Fedify's handler (the delivery log wraps it: deliveries.ts). */
export type MessageRunner = (message: unknown, handle: () => Promise<void>) => Promise<void>;

export interface QueueOptions {
  /** How long a claimed message is ours; past it another replica may take it (we crashed). */
  leaseMs?: number;
  /** The longest an idle listener sleeps before it looks again while rows wait for a later time. */
  maxSleepMs?: number;
  /** Around every message's handling; by default the handler alone. */
  run?: MessageRunner;
}

/** Fedify's messages as we store them (the listener parses them again). */
// biome-ignore lint/suspicious/noExplicitAny: Fedify's MessageQueue interface types messages as any
type Handler = (message: any) => Promise<void> | void;

/**
 * Fedify's MessageQueue over our own database, shared by every replica (issue 29). A message is a
 * row; a listener claims the oldest due one with a conditional update (`lease_until` still in the
 * past), so of two replicas racing only one wins it; the row goes when its handler returns. A
 * handler that throws leaves the row to come back when its lease runs out (Fedify itself
 * re-enqueues failed deliveries with its back-off, so that is a crash's safety net only).
 *
 * The listener does not poll: with nothing due it sleeps until the earliest row's time (a retry's
 * back-off, a lease running out), and with the table empty until something is enqueued on this
 * replica or `wake()` is called (the module's boot check and the KV sweep job).
 */
export const createMessageQueue = (db: Db, logger: Logger, options: QueueOptions = {}) => {
  const leaseMs = options.leaseMs ?? 60_000;
  const maxSleepMs = options.maxSleepMs ?? 5 * 60_000;
  const run: MessageRunner = options.run ?? ((_message, handle) => handle());
  const owner = randomUUID();
  let wake: (() => void) | null = null;
  // Set by an enqueue that came while the listener was not asleep (between its claim and its sleep):
  // it looks again instead of sleeping past the new row.
  let signalled = false;
  const enqueued: (() => void)[] = [];

  const delayOf = (opts?: MessageQueueEnqueueOptions) =>
    opts?.delay ? Math.max(0, opts.delay.total('millisecond')) : 0;

  const announce = () => {
    signalled = true;
    wake?.();
    for (const listener of enqueued) listener();
  };

  /** Claims one due message, or answers null when none is due. */
  const claim = async (): Promise<{ id: number; message: string } | null> => {
    for (let tries = 0; tries < 3; tries++) {
      const at = Date.now();
      const due = await db
        .selectFrom('federation_queue')
        .select(['id', 'message'])
        .where('run_at', '<=', at)
        .where('lease_until', '<=', at)
        .orderBy('run_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!due) return null;
      const won = await db
        .updateTable('federation_queue')
        .set({ lease_until: at + leaseMs, lease_owner: owner })
        .where('id', '=', due.id)
        .where('lease_until', '<=', at)
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) === 1) return due;
    }
    return null;
  };

  /** When the next row can be claimed (its run time or its lease's end), or null when there is none. */
  const nextDueAt = async (): Promise<number | null> => {
    const row = await db
      .selectFrom('federation_queue')
      .select(
        sql<number | string | null>`min(case when run_at > lease_until then run_at else lease_until end)`.as(
          'at',
        ),
      )
      .executeTakeFirst();
    return row?.at == null ? null : Number(row.at);
  };

  /**
   * Sleeps until the clock reads `until` (forever when null) unless woken first. A timer can fire a
   * few ms before the clock reads its time (libuv measures from the start of a busy loop turn): then
   * it sleeps the rest instead of looking at the table too early, which cost two queries and a
   * second wake-up under load.
   */
  const sleepUntil = (until: number | null) =>
    new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | null = null;
      const arm = () => {
        const left = until === null ? null : until - Date.now();
        if (left !== null && left <= 0) return done();
        if (left !== null) timer = setTimeout(arm, left);
      };
      const done = () => {
        if (timer) clearTimeout(timer);
        wake = null;
        resolve();
      };
      wake = done;
      arm();
    });

  const queue = {
    async enqueue(message: unknown, opts?: MessageQueueEnqueueOptions): Promise<void> {
      const at = Date.now();
      await db
        .insertInto('federation_queue')
        .values({ message: JSON.stringify(message), run_at: at + delayOf(opts), created_at: at })
        .execute();
      announce();
    },

    async enqueueMany(messages: unknown[], opts?: MessageQueueEnqueueOptions): Promise<void> {
      if (messages.length === 0) return;
      const at = Date.now();
      const runAt = at + delayOf(opts);
      await db
        .insertInto('federation_queue')
        .values(messages.map((m) => ({ message: JSON.stringify(m), run_at: runAt, created_at: at })))
        .execute();
      announce();
    },

    async listen(handler: Handler, opts?: MessageQueueListenOptions): Promise<void> {
      const signal = opts?.signal;
      signal?.addEventListener('abort', () => wake?.(), { once: true });
      while (!signal?.aborted) {
        signalled = false;
        let claimed: { id: number; message: string } | null = null;
        let next: number | null = null;
        try {
          claimed = await claim();
          if (!claimed) next = await nextDueAt();
        } catch (error) {
          logger.warn({ err: error }, 'federation queue: claim failed');
          next = Date.now() + 5000;
        }
        if (!claimed) {
          if (signal?.aborted) break;
          if (signalled) continue;
          await sleepUntil(
            next === null ? null : Date.now() + Math.min(maxSleepMs, Math.max(10, next - Date.now())),
          );
          continue;
        }
        try {
          // A row that is not JSON throws here and is logged; its lease keeps it from spinning.
          const message: unknown = JSON.parse(claimed.message);
          await run(message, async () => {
            await handler(message);
          });
          await db.deleteFrom('federation_queue').where('id', '=', claimed.id).execute();
        } catch (error) {
          logger.error({ err: error, messageId: claimed.id }, 'federation queue: message failed');
        }
      }
    },

    /** Every row: deliveries, their retries and inbox work. */
    async pending(): Promise<number> {
      const row = await db
        .selectFrom('federation_queue')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Whether any row is waiting (one cheap query, at boot). */
    async hasWork(): Promise<boolean> {
      const row = await db.selectFrom('federation_queue').select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Called after every enqueue on this replica (the module starts the worker on the first). */
    onEnqueue(listener: () => void): void {
      enqueued.push(listener);
    },

    /** Makes a sleeping listener look again now. */
    wake(): void {
      wake?.();
    },
  } satisfies MessageQueue & Record<string, unknown>;
  return queue;
};

export type FederationQueue = ReturnType<typeof createMessageQueue>;
