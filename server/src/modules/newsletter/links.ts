import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NewsletterUnsubscribeQuery } from '@candy/contract/calls/newsletter';
import { forbidden } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { MetaService } from '../meta/service.ts';

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 48 * 3600_000;

export const normalEmail = (email: string) => email.trim().toLowerCase();

/** A confirmation token (only in the mail) and the hash the database keeps. */
export const newToken = (): { token: string; hash: string } => {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: tokenHash(token) };
};
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The signed links of the mails: an unsubscribe link is the address and an HMAC with a key kept in
 * meta, so every replica makes and accepts the same links, nobody stops the mails of an address they
 * only guessed, and no login or page visit is needed (RFC 8058).
 */
export const createLinkSigner = (meta: Pick<MetaService, 'ensure'>) => {
  let key: string | undefined;
  const signatureOf = async (email: string) => {
    key ??= await meta.ensure('newsletter', 'link-key', () => randomBytes(32).toString('hex'));
    return createHmac('sha256', key)
      .update(`newsletter-unsubscribe:${normalEmail(email)}`)
      .digest('base64url');
  };
  return {
    async unsubscribeQuery(email: string): Promise<string> {
      return new URLSearchParams({ email: normalEmail(email), sig: await signatureOf(email) }).toString();
    },
    /** The address a link names, or 4030 when its signature is wrong. */
    async verified({ email, sig }: NewsletterUnsubscribeQuery): Promise<string> {
      const expected = Buffer.from(await signatureOf(email));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw forbidden(said('error.unsubscribe.invalid'));
      return normalEmail(email);
    },
  };
};

export type LinkSigner = ReturnType<typeof createLinkSigner>;
