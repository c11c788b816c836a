import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeQuery } from '@candy/contract/calls/replyNotices';
import type { Language } from '@candy/contract/languages';
import { forbidden } from '../../../http/errors.ts';
import { htmlLangOf } from '../../../http/pageLanguage.ts';
import { said } from '../../../i18n/said.ts';
import { serverText } from '../../../i18n/serverText.ts';
import type { MetaService } from '../../meta/service.ts';
import type { ReplyRepo } from './repo.ts';

const keyMeta = { group: 'comment', key: 'unsubscribe-key' } as const;

export const normalEmail = (email: string) => email.trim().toLowerCase();

export interface UnsubscribeDeps {
  repo: ReplyRepo;
  meta: MetaService;
  now: () => number;
}

/**
 * One-click unsubscribe links for reply mails: the address signed with an HMAC key kept in meta, so
 * every replica makes and accepts the same links, and nobody can stop mails to an address they only
 * guessed.
 */
export const createUnsubscribe = ({ repo, meta, now }: UnsubscribeDeps) => {
  let key: string | undefined;
  const signingKey = async (): Promise<string> => {
    if (key) return key;
    let stored = await meta.get(keyMeta.group, keyMeta.key);
    if (!stored) {
      await meta.set(keyMeta.group, keyMeta.key, randomBytes(32).toString('hex'));
      // Read back: two replicas racing settle on whichever write landed last.
      stored = (await meta.get(keyMeta.group, keyMeta.key)) as string;
    }
    key = stored;
    return stored;
  };

  const signatureOf = async (email: string) =>
    createHmac('sha256', await signingKey())
      .update(`unsubscribe:${normalEmail(email)}`)
      .digest('base64url');

  const verified = async ({ email, sig }: UnsubscribeQuery): Promise<string> => {
    const expected = Buffer.from(await signatureOf(email));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw forbidden(said('error.unsubscribe.invalid'));
    return normalEmail(email);
  };

  return {
    /** The query an unsubscribe link carries for this address. */
    async query(email: string): Promise<string> {
      return new URLSearchParams({ email: normalEmail(email), sig: await signatureOf(email) }).toString();
    },

    /** Checks the link without changing anything (the GET page). */
    check: verified,

    async unsubscribe(query: UnsubscribeQuery): Promise<{ unsubscribed: true }> {
      await repo.optOut(await verified(query), now());
      return { unsubscribed: true };
    },
  };
};

export type Unsubscribe = ReturnType<typeof createUnsubscribe>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small page the link opens, in the reader's language; its button posts to the same address. */
export const unsubscribePage = (
  siteTitle: string,
  email: string,
  done: boolean,
  language: Language,
): string => {
  const say = (key: string, values?: Record<string, unknown>) => serverText(language, key, values);
  return `<!doctype html>
<html lang="${htmlLangOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${say('replies.unsubscribeTitle')} - ${escapeHtml(siteTitle)}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;background:#fff}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}}</style></head>
<body><main><h1>${say('replies.unsubscribeTitle')}</h1>
${
  done
    ? `<p>${say('replies.unsubscribed', { email: escapeHtml(email) })}</p>`
    : `<p>${say('replies.unsubscribeAsk', { email: escapeHtml(email) })}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${say('replies.unsubscribeConfirm')}</button></form>`
}
</main></body></html>`;
};
