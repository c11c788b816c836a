import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com): the secret is `whsec_` + base64 key bytes; a message is
 * signed with HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` and sent as `v1,<base64>`.
 */
const PREFIX = 'whsec_';

/** 24 random bytes: the spec asks for 24 to 64. */
export const newSecret = (): string => `${PREFIX}${randomBytes(24).toString('base64')}`;

export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

export const signatureOf = (
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string => {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const digest = createHmac('sha256', key)
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${digest}`;
};

/** The three headers a delivery attempt carries; the timestamp is the attempt's, not the event's. */
export const signedHeaders = (secret: string, messageId: string, nowMs: number, body: string) => {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, messageId, timestamp, body),
  };
};
