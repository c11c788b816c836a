import { isIP } from 'node:net';
import type { Outbound } from './outbound.ts';

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
}

export interface SmtpMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (multipart/alternative). */
  html?: string;
  /** `<…@domain>`; nodemailer makes a random one when absent. */
  messageId?: string;
  headers?: Record<string, string>;
}

/**
 * The headers a DKIM signature covers: nodemailer's list plus `List-Unsubscribe-Post`, which RFC
 * 8058 §4 requires to be signed with `List-Unsubscribe` for one-click to be honoured.
 */
const DKIM_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

/** DKIM keys (RFC 6376) the mails are signed with by nodemailer's signer. */
export interface DkimKeys {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * One mail through an SMTP server whose host a user typed (nodemailer, loaded on first use). The
 * host is resolved and checked once through the outbound policy, and the connection made to that
 * address, so a second lookup cannot lead elsewhere; TLS still verifies the certificate against the
 * name typed. `timeoutMs` bounds connecting, the greeting and each read.
 */
export const sendMailThrough = async (
  outbound: Outbound,
  server: SmtpServer,
  mail: SmtpMail,
  timeoutMs: number,
  dkim?: DkimKeys,
): Promise<void> => {
  const mailer = await openMailer(outbound, server, timeoutMs, dkim);
  try {
    await mailer.send(mail);
  } finally {
    mailer.close();
  }
};

export interface Mailer {
  send(mail: SmtpMail): Promise<void>;
  close(): void;
}

/**
 * A connection kept open for a batch of mails (the newsletter's): one login, then message after
 * message; a refused recipient (RCPT answered 5xx) rejects that `send` only. The host is checked
 * once, as above.
 */
export const openMailer = async (
  outbound: Outbound,
  server: SmtpServer,
  timeoutMs: number,
  dkim?: DkimKeys,
): Promise<Mailer> => {
  const address = await outbound.pinnedAddress(server.host);
  const name = server.host.trim().replace(/\.$/, '');
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    pool: true,
    maxConnections: 1,
    // Small providers cap messages per connection; a new login every hundred stays under it.
    maxMessages: 100,
    host: address,
    ...(isIP(name) === 0 ? { tls: { servername: name } } : {}),
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.pass ?? '' } } : {}),
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_HEADERS } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
};

/** Whether a send failed because the server refused the recipient for good (5xx at RCPT TO). */
export const isHardRecipientFailure = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    typeof command === 'string' &&
    command.toUpperCase().startsWith('RCPT')
  );
};
