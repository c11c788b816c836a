import type { Db } from '../../db/index.ts';
import type { PushMessageTable } from '../../db/schemaPush.ts';

/** The newest messages kept; older ones are dropped as new ones arrive. */
export const HISTORY_KEPT = 100;

export const createPushRepo = (db: Db) => ({
  channels: () => db.selectFrom('push_channel').selectAll().execute(),

  async saveChannel(channel: string, enabled: boolean, settings: Record<string, string>, at: number) {
    const row = { channel, enabled: enabled ? 1 : 0, settings: JSON.stringify(settings), updated_at: at };
    await db
      .insertInto('push_channel')
      .values(row)
      .onConflict((oc) =>
        oc.column('channel').doUpdateSet({ enabled: row.enabled, settings: row.settings, updated_at: at }),
      )
      .execute();
  },

  subscriptions: () => db.selectFrom('push_subscription').selectAll().orderBy('created_at').execute(),

  async subscribe(row: {
    endpoint: string;
    p256dh: string;
    auth: string;
    user_agent: string;
    created_at: number;
  }) {
    await db
      .insertInto('push_subscription')
      .values(row)
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ p256dh: row.p256dh, auth: row.auth }))
      .execute();
  },

  unsubscribe: (endpoint: string) =>
    db.deleteFrom('push_subscription').where('endpoint', '=', endpoint).execute(),

  countSubscriptions: async (): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('push_subscription')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** Records a message and drops all but the newest HISTORY_KEPT. */
  async record(message: Omit<PushMessageTable, 'id'>): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('push_message').values(message).execute();
      const cutoff = await trx
        .selectFrom('push_message')
        .select('id')
        .orderBy('id', 'desc')
        .offset(HISTORY_KEPT)
        .limit(1)
        .executeTakeFirst();
      if (cutoff) await trx.deleteFrom('push_message').where('id', '<=', cutoff.id).execute();
    });
  },

  history: () =>
    db.selectFrom('push_message').selectAll().orderBy('id', 'desc').limit(HISTORY_KEPT).execute(),
});

export type PushRepo = ReturnType<typeof createPushRepo>;
