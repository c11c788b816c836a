import { replyNoticesCalls as calls } from '@candy/contract/calls/replyNotices';
import type { Language } from '@candy/contract/languages';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../../http/router.ts';
import { type Unsubscribe, unsubscribePage } from './unsubscribe.ts';
import type { VisitorPush } from './visitorPush.ts';

export const replyNoticesRoutes = (
  router: Router,
  deps: {
    push: VisitorPush;
    unsubscribe: Unsubscribe;
    siteTitle: string;
    /** The reader's language for the unsubscribe page (`?lang=`, Accept-Language, SITE_LANGUAGE). */
    pageLanguage: (req: FastifyRequest) => Language;
  },
): void => {
  const { push, unsubscribe, siteTitle, pageLanguage } = deps;
  router.route(calls.replyPushKey, () => push.key());
  router.route(calls.replyPushStatus, ({ query, caller }) => push.status(query.endpoint, caller));
  router.route(calls.replyPushSubscribe, ({ body, caller }) => push.subscribe(body, caller));
  router.route(calls.replyPushUnsubscribe, ({ body, caller }) => push.unsubscribe(body.endpoint, caller));
  router.route(calls.replyMailUnsubscribePage, async ({ query, req, reply }) => {
    const email = await unsubscribe.check(query);
    const page = unsubscribePage(siteTitle, email, false, pageLanguage(req));
    await reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    return page;
  });
  router.route(calls.replyMailUnsubscribe, async ({ query, req, reply }) => {
    const done = await unsubscribe.unsubscribe(query);
    // The page's button and a mail client's one-click post a form: a browser gets a page back.
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return done;
    const page = unsubscribePage(siteTitle, query.email.toLowerCase(), true, pageLanguage(req));
    await reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    return done;
  });
};
