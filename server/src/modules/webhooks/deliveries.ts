import type { WebhookDelivery } from '@candy/contract/calls/webhooks';
import type { Language } from '@candy/contract/languages';
import type { Logger } from 'pino';
import { type Message, said, sayIn } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import { type Outbound, OutboundError } from '../../net/outbound.ts';
import type { AttemptRow, DeliveryRow, WebhookRepo } from './repo.ts';
import { signedHeaders } from './signature.ts';

/**
 * Waits after the 1st, 2nd … failed attempt; a failure after the last is final: 1 min, 5 min,
 * 30 min, 2 h, so five attempts over about 2.6 hours.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
const BATCH = 20;
const TIMEOUT_MS = 15_000;
/** Only the status counts; a receiver's long answer is not read past this. */
const ANSWER_BYTES = 4096;

export interface DeliveryDeps {
  repo: WebhookRepo;
  outbound: Outbound;
  logger: Logger;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): the delivery log keeps its words in it. */
  language: Language;
}

export const presentDelivery = (row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpoint_id,
  messageId: row.message_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  resendOf: row.resend_of,
  createdAt: row.created_at,
  log: attempts
    .filter((a) => a.delivery_id === row.id)
    .map((a) => ({
      attempt: a.attempt,
      at: a.at,
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      error: a.error,
      ok: a.ok === 1,
    })),
});

/**
 * The delivery queue, worked off by the `webhook-deliveries` job (one job runner, DESIGN §11): each
 * due delivery is signed with its endpoint's secret at the moment it is sent, POSTed through the
 * outbound module (which refuses private addresses on every connect), and logged; a failure waits
 * for its back-off and is retried by a later run.
 */
export const createDeliveryQueue = ({ repo, outbound, logger, now, language }: DeliveryDeps) => {
  const send = async (delivery: DeliveryRow): Promise<boolean> => {
    const endpoint = await repo.endpoint(delivery.endpoint_id);
    const attempt = delivery.attempts + 1;
    const at = now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    if (endpoint?.enabled === 1) {
      try {
        const answer = await outbound.fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signedHeaders(endpoint.secret, delivery.message_id, at, delivery.payload),
          },
          body: delivery.payload,
          timeoutMs: TIMEOUT_MS,
          maxBytes: ANSWER_BYTES,
          truncate: true,
          maxRedirects: 0,
        });
        statusCode = answer.status;
        if (answer.status < 200 || answer.status >= 300) error = `HTTP ${answer.status}`;
      } catch (caught) {
        error = caught instanceof OutboundError ? sayIn(language, caught.said) : String(caught);
      }
    } else {
      error = serverText(language, endpoint ? 'webhooks.endpointDisabled' : 'webhooks.endpointDeleted');
    }
    const ok = error === null;
    // A stopped or deleted endpoint is not retried: nothing would change by waiting.
    const delay = ok || endpoint?.enabled !== 1 ? undefined : RETRY_DELAYS_MS[attempt - 1];
    await repo.recordAttempt(
      {
        delivery_id: delivery.id,
        attempt,
        at,
        status_code: statusCode,
        duration_ms: Math.round(performance.now() - started),
        error,
        ok: ok ? 1 : 0,
      },
      {
        attempts: attempt,
        status: ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending',
        next_attempt_at: ok || delay === undefined ? null : at + delay,
      },
    );
    if (!ok) logger.warn({ deliveryId: delivery.id, attempt, error }, 'webhook delivery failed');
    return ok;
  };

  return {
    /** The job: sends what is due until none is left or the deadline (real time) passes. */
    async run(deadline: number): Promise<Message> {
      const counts = { sent: 0, failed: 0 };
      while (Date.now() < deadline) {
        const due = await repo.due(now(), BATCH);
        if (due.length === 0) break;
        for (const delivery of due) counts[(await send(delivery)) ? 'sent' : 'failed'] += 1;
      }
      const pending = await repo.countPending();
      return said('webhooks.jobDone', { ...counts, pending });
    },
  };
};
