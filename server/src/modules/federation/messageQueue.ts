import { randomUUID } from 'node:crypto';
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';

export interface QueueOptions {
  /** How often an idle listener looks for due rows. */
  pollMs?: number;
  /** How long a claimed message is ours; past it another replica may take it (we crashed). */
  leaseMs?: number;
}

/**
 * Fedify's MessageQueue over our own database, shared by every replica (issue 29). A message is a
 * row; a listener claims the oldest due one with a conditional update (`lease_until` still in the
 * past), so of two replicas racing only one wins it; the row goes when its handler returns. A
 * handler that throws leaves the row to come back when its lease runs out (Fedify itself
 * re-enqueues failed deliveries with its back-off, so that is a crash's safety net only).
 */
export const createMessageQueue = (db: Db, logger: Logger, options: QueueOptions = {}) => {
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const owner = randomUUID();
  let wake: (() => void) | null = null;

  const delayOf = (opts?: MessageQueueEnqueueOptions) =>
    opts?.delay ? Math.max(0, opts.delay.total('millisecond')) : 0;

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

  const queue: MessageQueue & { pending(): Promise<number> } = {
    async enqueue(message: unknown, opts?: MessageQueueEnqueueOptions): Promise<void> {
      const at = Date.now();
      await db
        .insertInto('federation_queue')
        .values({ message: JSON.stringify(message), run_at: at + delayOf(opts), created_at: at })
        .execute();
      wake?.();
    },

    async enqueueMany(messages: unknown[], opts?: MessageQueueEnqueueOptions): Promise<void> {
      if (messages.length === 0) return;
      const at = Date.now();
      const runAt = at + delayOf(opts);
      await db
        .insertInto('federation_queue')
        .values(messages.map((m) => ({ message: JSON.stringify(m), run_at: runAt, created_at: at })))
        .execute();
      wake?.();
    },

    async listen(
      // biome-ignore lint/suspicious/noExplicitAny: Fedify's MessageQueue interface types messages as any
      handler: (message: any) => Promise<void> | void,
      opts?: MessageQueueListenOptions,
    ): Promise<void> {
      const signal = opts?.signal;
      signal?.addEventListener('abort', () => wake?.(), { once: true });
      while (!signal?.aborted) {
        let claimed: { id: number; message: string } | null = null;
        try {
          claimed = await claim();
        } catch (error) {
          logger.warn({ err: error }, 'federation queue: claim failed');
        }
        if (!claimed) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          continue;
        }
        try {
          await handler(JSON.parse(claimed.message));
          await db.deleteFrom('federation_queue').where('id', '=', claimed.id).execute();
        } catch (error) {
          logger.error({ err: error, messageId: claimed.id }, 'federation queue: message failed');
        }
      }
    },

    async pending(): Promise<number> {
      const row = await db
        .selectFrom('federation_queue')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
  return queue;
};
