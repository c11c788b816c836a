import { newsletterCalls as calls } from '@candy/contract/calls/newsletter';
import type { Language } from '@candy/contract/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Router } from '../../http/router.ts';
import type { Issues } from './issues.ts';
import { confirmPage, unsubscribePage } from './pages.ts';
import type { Sender } from './sender.ts';
import type { Subscriptions } from './subscriptions.ts';

const sendPage = async (reply: FastifyReply, page: string) => {
  await reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  return page;
};

/** A page's button and a mail client's one-click post a form: they get a page back, not JSON. */
const isFormPost = (req: FastifyRequest) =>
  String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

export const newsletterRoutes = (
  router: Router,
  deps: {
    subscriptions: Subscriptions;
    issues: Issues;
    sender: Pick<Sender, 'setup'>;
    siteTitle: string;
    dkim: boolean;
    /** The reader's language for the confirm and unsubscribe pages. */
    pageLanguage: (req: FastifyRequest) => Language;
  },
): void => {
  const { subscriptions, issues, siteTitle, pageLanguage } = deps;
  router.route(calls.newsletterSubscribe, ({ body, caller }) => subscriptions.subscribe(body, caller));
  router.route(calls.newsletterState, async () => ({ open: (await deps.sender.setup()) !== null }));
  router.route(calls.newsletterConfirmPage, async ({ query, req, reply }) =>
    sendPage(reply, confirmPage(siteTitle, await subscriptions.confirmState(query.token), pageLanguage(req))),
  );
  router.route(calls.newsletterConfirm, async ({ query, req, reply }) => {
    const done = await subscriptions.confirm(query.token);
    if (isFormPost(req))
      await sendPage(reply, confirmPage(siteTitle, { email: done.email, done: true }, pageLanguage(req)));
    return done;
  });
  router.route(calls.newsletterUnsubscribePage, async ({ query, req, reply }) =>
    sendPage(
      reply,
      unsubscribePage(siteTitle, await subscriptions.checkUnsubscribe(query), false, pageLanguage(req)),
    ),
  );
  router.route(calls.newsletterUnsubscribe, async ({ query, req, reply }) => {
    const done = await subscriptions.unsubscribe(query);
    if (isFormPost(req))
      await sendPage(reply, unsubscribePage(siteTitle, query.email.toLowerCase(), true, pageLanguage(req)));
    return done;
  });

  router.route(calls.newsletterSubscribers, ({ query }) => subscriptions.page(query));
  router.route(calls.newsletterSubscriberDelete, ({ params }) => subscriptions.remove(params.id));
  router.route(calls.newsletterExport, () => subscriptions.exportCsv());
  router.route(calls.newsletterImport, ({ body }) => subscriptions.importCsv(body.csv, body.consented));
  const settingsView = async () => {
    const setup = await deps.sender.setup();
    return {
      ...(await issues.settings()),
      mailReady: setup !== null,
      from: setup?.channels.email.from ?? null,
      dkim: deps.dkim,
    };
  };
  router.route(calls.newsletterSettings, settingsView);
  router.route(calls.newsletterSettingsUpdate, async ({ body }) => {
    await issues.saveSettings(body);
    return settingsView();
  });
  router.route(calls.newsletterIssues, () => issues.list());
  router.route(calls.newsletterPreview, ({ params }) => issues.preview(params.id));
  router.route(calls.newsletterTest, ({ params, body }) => issues.test(params.id, body.to));
  router.route(calls.newsletterSend, ({ params }) => issues.send(params.id));
  router.route(calls.newsletterSkip, ({ params }) => issues.skip(params.id));
};
