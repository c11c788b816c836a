import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  WebhookEventType,
} from '@candy/contract/calls/webhooks';
import type { Language } from '@candy/contract/languages';
import type { Logger } from 'pino';
import type * as z from 'zod';
import type { SiteEvent } from '../../events.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { Outbound } from '../../net/outbound.ts';
import { presentDelivery } from './deliveries.ts';
import type { EndpointRow, WebhookRepo } from './repo.ts';
import { newMessageId, newSecret } from './signature.ts';

type EndpointInput = z.output<typeof WebhookEndpointInput>;

const PAGE = 20;

export interface WebhookServiceDeps {
  repo: WebhookRepo;
  outbound: Pick<Outbound, 'urlProblem'>;
  logger: Logger;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): the test message's words. */
  language: Language;
}

/** Stored event lists are ours, but a type since removed from the contract is dropped, not shown. */
const eventsOf = (json: string): WebhookEndpoint['events'] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.flatMap((e) => (WebhookEventType.safeParse(e).success ? [e] : []))
    : [];
};

/** The owner's endpoints, the events they receive, and what is queued for them. */
export const createWebhookService = ({ repo, outbound, logger, now, language }: WebhookServiceDeps) => {
  let kick: () => Promise<unknown> = async () => {};
  const startSending = () => {
    void kick().catch((error: unknown) => logger.warn({ err: error }, 'webhook-deliveries job not started'));
  };

  /** An endpoint as the owner sees it; its secret only in the answer that made it. */
  const present = async (row: EndpointRow, withSecret = false): Promise<WebhookEndpoint> => {
    const latest = await repo.latestDelivery(row.id);
    const attempts = latest ? await repo.attemptsOf([latest.id]) : [];
    const last = attempts.at(-1);
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      events: eventsOf(row.events),
      enabled: row.enabled === 1,
      secret: withSecret ? row.secret : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      lastDelivery: latest
        ? { status: latest.status, statusCode: last?.status_code ?? null, at: last?.at ?? latest.created_at }
        : null,
    };
  };

  /** Refused at registration: an address into the server's own network (unless configured). */
  const checkUrl = async (url: string) => {
    const problem = await outbound.urlProblem(url);
    if (problem) throw invalidField('url', 'address', problem);
  };

  const endpointOrThrow = async (id: number) => {
    const row = await repo.endpoint(id);
    if (!row) throw notFound(said('error.webhooks.endpointNotFound'));
    return row;
  };

  const queue = async (
    endpointId: number,
    eventType: string,
    payload: string,
    messageId = newMessageId(),
    resendOf: number | null = null,
  ) =>
    repo.insertDelivery({
      endpoint_id: endpointId,
      message_id: messageId,
      event_type: eventType,
      payload,
      status: 'pending',
      next_attempt_at: now(),
      resend_of: resendOf,
      created_at: now(),
    });

  const body = (type: string, data: unknown) =>
    JSON.stringify({ type, timestamp: new Date(now()).toISOString(), data });

  return {
    /** The job's runner, attached once the scheduler exists; a queued delivery is sent right away. */
    attachRunner(run: () => Promise<unknown>): void {
      kick = run;
    },

    list: async (): Promise<WebhookEndpoint[]> =>
      Promise.all((await repo.endpoints()).map((row) => present(row))),

    async create(input: EndpointInput): Promise<WebhookEndpoint> {
      await checkUrl(input.url);
      const at = now();
      const row = await repo.insertEndpoint({
        name: input.name,
        url: input.url,
        events: JSON.stringify(input.events),
        enabled: input.enabled ? 1 : 0,
        secret: newSecret(),
        created_at: at,
        updated_at: at,
      });
      return present(row, true);
    },

    async update(id: number, input: EndpointInput): Promise<WebhookEndpoint> {
      await endpointOrThrow(id);
      await checkUrl(input.url);
      const row = await repo.updateEndpoint(id, {
        name: input.name,
        url: input.url,
        events: JSON.stringify(input.events),
        enabled: input.enabled ? 1 : 0,
        updated_at: now(),
      });
      if (!row) throw notFound(said('error.webhooks.endpointNotFound'));
      return present(row);
    },

    async secret(id: number): Promise<{ secret: string }> {
      return { secret: (await endpointOrThrow(id)).secret };
    },

    async remove(id: number): Promise<{ id: number }> {
      if (!(await repo.removeEndpoint(id))) throw notFound(said('error.webhooks.endpointNotFound'));
      return { id };
    },

    async deliveries(endpointId: number, start: number | undefined): Promise<WebhookDeliveryPage> {
      await endpointOrThrow(endpointId);
      const rows = await repo.deliveriesOf(endpointId, start, PAGE + 1);
      const page = rows.slice(0, PAGE);
      const attempts = await repo.attemptsOf(page.map((row) => row.id));
      return { list: page.map((row) => presentDelivery(row, attempts)), hasMore: rows.length > PAGE };
    },

    async sendTest(endpointId: number): Promise<WebhookDelivery> {
      const endpoint = await endpointOrThrow(endpointId);
      const row = await queue(
        endpoint.id,
        WEBHOOK_TEST_EVENT,
        body(WEBHOOK_TEST_EVENT, {
          endpointId: endpoint.id,
          message: serverText(language, 'webhooks.testMessage'),
        }),
      );
      startSending();
      return presentDelivery(row, []);
    },

    /** The same message (id and body) queued again as a new delivery, with fresh attempts. */
    async resend(deliveryId: number): Promise<WebhookDelivery> {
      const original = await repo.delivery(deliveryId);
      if (!original) throw notFound(said('error.webhooks.deliveryNotFound'));
      await endpointOrThrow(original.endpoint_id);
      const row = await queue(
        original.endpoint_id,
        original.event_type,
        original.payload,
        original.message_id,
        original.id,
      );
      startSending();
      return presentDelivery(row, []);
    },

    /** The event bus listener: one delivery per enabled endpoint that chose this event. */
    async dispatch(event: SiteEvent): Promise<void> {
      const endpoints = (await repo.enabledEndpoints()).filter((row) =>
        eventsOf(row.events).includes(event.type),
      );
      if (endpoints.length === 0) return;
      const payload = body(event.type, event.data);
      for (const endpoint of endpoints) await queue(endpoint.id, event.type, payload);
      startSending();
    },
  };
};

export type WebhookService = ReturnType<typeof createWebhookService>;
