import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type {
  WebhookAttemptTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from '../../db/schemaWebhooks.ts';

export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;
export type AttemptRow = Selectable<WebhookAttemptTable>;

export const createWebhookRepo = (db: Db) => ({
  endpoints: () => db.selectFrom('webhook_endpoint').selectAll().orderBy('id').execute(),

  endpoint: (id: number) =>
    db.selectFrom('webhook_endpoint').selectAll().where('id', '=', id).executeTakeFirst(),

  enabledEndpoints: () => db.selectFrom('webhook_endpoint').selectAll().where('enabled', '=', 1).execute(),

  insertEndpoint: (row: Insertable<WebhookEndpointTable>) =>
    db.insertInto('webhook_endpoint').values(row).returningAll().executeTakeFirstOrThrow(),

  updateEndpoint: (id: number, changes: Updateable<WebhookEndpointTable>) =>
    db.updateTable('webhook_endpoint').set(changes).where('id', '=', id).returningAll().executeTakeFirst(),

  /** The endpoint with its deliveries and their attempts; answers whether it existed. */
  removeEndpoint: (id: number): Promise<boolean> =>
    db.transaction().execute(async (trx) => {
      const deliveries = trx.selectFrom('webhook_delivery').select('id').where('endpoint_id', '=', id);
      await trx.deleteFrom('webhook_attempt').where('delivery_id', 'in', deliveries).execute();
      await trx.deleteFrom('webhook_delivery').where('endpoint_id', '=', id).execute();
      const result = await trx.deleteFrom('webhook_endpoint').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    }),

  insertDelivery: (row: Insertable<WebhookDeliveryTable>) =>
    db.insertInto('webhook_delivery').values(row).returningAll().executeTakeFirstOrThrow(),

  delivery: (id: number) =>
    db.selectFrom('webhook_delivery').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Pending deliveries whose time has come, oldest first. */
  due: (now: number, limit: number) =>
    db
      .selectFrom('webhook_delivery')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute(),

  async countPending(): Promise<number> {
    const row = await db
      .selectFrom('webhook_delivery')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** An endpoint's deliveries, newest first, before the `start` id when given. */
  deliveriesOf: (endpointId: number, start: number | undefined, limit: number) => {
    let query = db.selectFrom('webhook_delivery').selectAll().where('endpoint_id', '=', endpointId);
    if (start !== undefined) query = query.where('id', '<', start);
    return query.orderBy('id', 'desc').limit(limit).execute();
  },

  latestDelivery: (endpointId: number) =>
    db
      .selectFrom('webhook_delivery')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  attemptsOf: async (deliveryIds: number[]): Promise<AttemptRow[]> =>
    // An empty IN list is a syntax error on both databases.
    deliveryIds.length === 0
      ? []
      : db
          .selectFrom('webhook_attempt')
          .selectAll()
          .where('delivery_id', 'in', deliveryIds)
          .orderBy('delivery_id')
          .orderBy('attempt')
          .execute(),

  /** Logs one attempt and moves the delivery on (done, failed, or waiting for its next try). */
  recordAttempt: (
    attempt: Insertable<WebhookAttemptTable>,
    next: Pick<DeliveryRow, 'status' | 'attempts' | 'next_attempt_at'>,
  ) =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('webhook_attempt').values(attempt).execute();
      await trx.updateTable('webhook_delivery').set(next).where('id', '=', attempt.delivery_id).execute();
    }),
});

export type WebhookRepo = ReturnType<typeof createWebhookRepo>;
