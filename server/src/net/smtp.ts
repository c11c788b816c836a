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
  headers?: Record<string, string>;
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
): Promise<void> => {
  const address = await outbound.pinnedAddress(server.host);
  const name = server.host.trim().replace(/\.$/, '');
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    host: address,
    ...(isIP(name) === 0 ? { tls: { servername: name } } : {}),
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.pass ?? '' } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
};
