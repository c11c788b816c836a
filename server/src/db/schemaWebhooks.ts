import type { Generated } from 'kysely';

/** An owner's webhook endpoint (issue 26.5). */
export interface WebhookEndpointTable {
  id: Generated<number>;
  name: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  enabled: number;
  secret: string;
  created_at: number;
  updated_at: number;
}

/** One message to one endpoint, queued until it succeeds or its retries run out. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: number | null;
  resend_of: number | null;
  created_at: number;
}

/** One try at a delivery, for the log. */
export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  ok: number;
}

/** The webhooks' tables (issue 26), part of `Database`. */
export interface WebhookTables {
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
}
