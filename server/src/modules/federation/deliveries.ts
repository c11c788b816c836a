import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  FederationDeliveries,
  FederationFailedDelivery,
  FederationPendingDelivery,
} from '@candy/contract/calls/federation';
import type { Language } from '@candy/contract/languages';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { said, sayIn } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { Outbound } from '../../net/outbound.ts';
import { outboundFetch, withDeliveryFetch } from './deliveryFetch.ts';
import type { FederationQueue } from './messageQueue.ts';

/** The signing keys Fedify puts in an outbox message (JWK). */
export type MessageKeys = { keyId: string; privateKey: unknown }[];

/** The fields of Fedify 1.5's outbox and fan-out messages that we read (its `OutboxMessage`). */
interface OutboxMessage {
  type: 'outbox';
  id: string;
  baseUrl: string;
  keys: MessageKeys;
  activityId?: string;
  activityType: string;
  inbox: string;
  started: string;
  attempt: number;
}
interface FanoutMessage {
  type: 'fanout';
  activityId?: string;
  activityType: string;
  inboxes: Record<string, unknown>;
}

const typeOf = (message: unknown): string | null =>
  typeof message === 'object' && message !== null && 'type' in message ? String(message.type) : null;
const isOutbox = (message: unknown): message is OutboxMessage => typeOf(message) === 'outbox';

/** `https://www.w3.org/ns/activitystreams#Create` → `Create`. */
const shortType = (iri: string) => iri.replace(/^.*[#/]/, '');

/**
 * The remote's answer in the error Fedify raises for a failed delivery: its status and the start of
 * its body (`Failed to send activity … to … (503 Service Unavailable):\n<body>`), or why no answer
 * came (a network error, a timeout); a delivery we refused to send says `未投递：` instead.
 */
export const answerOf = (
  error: unknown,
  /** The site's language (SITE_LANGUAGE): the delivery log keeps the words in it. */
  language: Language,
): { statusCode: number | null; answer: string } => {
  const text = error instanceof Error ? error.message : String(error);
  const answered = / \((\d{3})(?: [^)\n]*)?\):\n?([\s\S]*)$/.exec(text);
  if (answered?.[1])
    return { statusCode: Number(answered[1]), answer: (answered[2] ?? '').trim().slice(0, 500) };
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return {
    statusCode: null,
    answer: serverText(language, 'federation.noAnswer', { reason: `${text}${cause}` }).slice(0, 500),
  };
};

export interface DeliveryLogDeps {
  db: Db;
  queue: Pick<FederationQueue, 'enqueue' | 'pending' | 'onEnqueue'>;
  /**
   * Its address check: an inbox in a refused range is never sent to, and a delivery is sent through
   * it (deliveryFetch.ts), so the address connected to is the address checked.
   */
  outbound: Pick<Outbound, 'urlProblem' | 'fetch'>;
  /** The owner's current signing keys in a message's shape (loads Fedify: only a retry asks). */
  signingKeys: (baseUrl: string) => Promise<MessageKeys>;
  logger: Logger;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): the delivery log's words. */
  language: Language;
}

/**
 * The delivery queue as the owner sees it (issue 29.5). Every outbox message runs inside `run`:
 * Fedify's `onOutboxError` (`failed`) and its re-enqueue of the next try (seen through the queue's
 * enqueue hook) land in the same async context, so after the handler we know whether the try
 * failed and whether Fedify will try again; a delivery row says so, keyed by Fedify's message id,
 * and goes when a later try succeeds. An inbox on a refused address is not sent to at all.
 */
export const createDeliveryLog = (deps: DeliveryLogDeps) => {
  const { db } = deps;
  const current = new AsyncLocalStorage<{ error: unknown; failed: boolean; retried: boolean }>();
  const send = outboundFetch(deps.outbound);
  deps.queue.onEnqueue(() => {
    const state = current.getStore();
    if (state) state.retried = true;
  });

  const record = async (
    message: OutboxMessage,
    state: 'retrying' | 'failed',
    answer: { statusCode: number | null; answer: string },
  ) => {
    const at = deps.now();
    const row = {
      state,
      attempts: message.attempt + 1,
      status_code: answer.statusCode,
      answer: answer.answer,
      message: JSON.stringify({ ...message, keys: [] }),
      updated_at: at,
    };
    await db
      .insertInto('federation_delivery')
      .values({
        ...row,
        message_id: message.id,
        activity_id: message.activityId ?? '',
        activity_type: shortType(message.activityType).slice(0, 64),
        inbox: message.inbox,
        created_at: at,
      })
      .onConflict((oc) => oc.column('message_id').doUpdateSet(row))
      .execute();
  };

  const presentFailed = (row: {
    id: number;
    activity_id: string;
    activity_type: string;
    inbox: string;
    attempts: number;
    status_code: number | null;
    answer: string;
    updated_at: number;
  }): FederationFailedDelivery => ({
    id: row.id,
    activityId: row.activity_id,
    activityType: row.activity_type,
    inbox: row.inbox,
    attempts: row.attempts,
    statusCode: row.status_code === null ? null : Number(row.status_code),
    answer: row.answer,
    failedAt: Number(row.updated_at),
  });

  return {
    /** Fedify's `onOutboxError`, inside a message's `run`. */
    failed(error: unknown): void {
      const state = current.getStore();
      if (!state) return;
      state.failed = true;
      state.error = error;
    },

    /** The queue's runner for every message it hands to Fedify. */
    async run(message: unknown, handle: () => Promise<void>): Promise<void> {
      if (!isOutbox(message)) return handle();
      const problem = await deps.outbound.urlProblem(message.inbox);
      if (problem) {
        deps.logger.warn({ inbox: message.inbox, problem }, 'federation: delivery refused');
        return record(message, 'failed', {
          statusCode: null,
          answer: serverText(deps.language, 'federation.refused', { reason: sayIn(deps.language, problem) }),
        });
      }
      const state = { error: undefined as unknown, failed: false, retried: false };
      await current.run(state, () => withDeliveryFetch(send, handle));
      if (!state.failed) {
        await db.deleteFrom('federation_delivery').where('message_id', '=', message.id).execute();
        return;
      }
      await record(message, state.retried ? 'retrying' : 'failed', answerOf(state.error, deps.language));
    },

    /** Deliveries waiting in the queue (their last answer when a try failed) and those given up. */
    async list(): Promise<FederationDeliveries> {
      const [queued, rows, logged] = await Promise.all([
        deps.queue.pending(),
        db
          .selectFrom('federation_queue')
          .select(['id', 'message', 'run_at', 'lease_until', 'created_at'])
          .orderBy('run_at')
          .orderBy('id')
          .limit(200)
          .execute(),
        db.selectFrom('federation_delivery').selectAll().orderBy('updated_at', 'desc').limit(200).execute(),
      ]);
      const retrying = new Map(logged.filter((d) => d.state === 'retrying').map((d) => [d.message_id, d]));
      const at = Date.now();
      const pending: FederationPendingDelivery[] = [];
      for (const row of rows) {
        let message: unknown;
        try {
          message = JSON.parse(row.message);
        } catch {
          continue;
        }
        if (isOutbox(message)) {
          const last = retrying.get(message.id);
          pending.push({
            id: row.id,
            activityId: message.activityId ?? '',
            activityType: shortType(message.activityType),
            inbox: message.inbox,
            recipients: 1,
            attempt: message.attempt,
            runAt: Number(row.run_at),
            sending: Number(row.lease_until) > at,
            lastStatusCode: last?.status_code == null ? null : Number(last.status_code),
            lastAnswer: last?.answer ?? null,
          });
        } else if (typeOf(message) === 'fanout') {
          const fanout = message as FanoutMessage;
          pending.push({
            id: row.id,
            activityId: fanout.activityId ?? '',
            activityType: shortType(fanout.activityType),
            inbox: '',
            recipients: Object.keys(fanout.inboxes ?? {}).length,
            attempt: 0,
            runAt: Number(row.run_at),
            sending: Number(row.lease_until) > at,
            lastStatusCode: null,
            lastAnswer: null,
          });
        }
      }
      return {
        queued,
        pending: pending.slice(0, 100),
        failed: logged.filter((d) => d.state === 'failed').map(presentFailed),
      };
    },

    /** Queues a failed delivery again, from its first try, signed with the owner's current keys. */
    async retry(id: number): Promise<{ ok: boolean }> {
      const row = await db
        .selectFrom('federation_delivery')
        .selectAll()
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      if (!row) throw notFound(said('error.federation.noFailedDelivery'));
      const message = JSON.parse(row.message) as OutboxMessage;
      const keys = await deps.signingKeys(message.baseUrl);
      await db
        .updateTable('federation_delivery')
        .set({ state: 'retrying', updated_at: deps.now() })
        .where('id', '=', id)
        .execute();
      await deps.queue.enqueue({ ...message, keys, attempt: 0, started: new Date().toISOString() });
      return { ok: true };
    },

    /** Forgets a failed delivery. */
    async remove(id: number): Promise<{ ok: boolean }> {
      const result = await db
        .deleteFrom('federation_delivery')
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(said('error.federation.noFailedDelivery'));
      return { ok: true };
    },
  };
};

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
