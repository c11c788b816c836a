import type { Essay } from '@candy/contract/calls/essays';
import { languageOf } from '../../http/pageLanguage.ts';
import { createRateLimiter } from '../../http/rateLimit.ts';
import type { Proof } from '../comments/proof.ts';
import type { ModuleContext } from '../context.ts';
import type { EssaysService } from '../essays/service.ts';
import type { ImagesService } from '../images/service.ts';
import type { MetaService } from '../meta/service.ts';
import type { VisitorChannels } from '../push/service.ts';
import { createDeliveryRepo } from './deliveryRepo.ts';
import { createIssues } from './issues.ts';
import { createLinkSigner } from './links.ts';
import { createSubscriberRepo } from './repo.ts';
import { newsletterRoutes } from './routes.ts';
import { createSender } from './sender.ts';
import { createNewsletterSettings } from './settings.ts';
import { createSubscriptions } from './subscriptions.ts';

export interface NewsletterModuleDeps {
  meta: MetaService;
  /** The comment form's ALTCHA: subscribing costs the same proof of work. */
  proof: Pick<Proof, 'spend'>;
  /** The owner's SMTP settings and the links' base, lent by the push module. */
  channels: () => Promise<VisitorChannels>;
  essays: Pick<EssaysService, 'detail'>;
  images: Pick<ImagesService, 'withPicturesOf'>;
}

/**
 * Readers by e-mail (issue 43, DESIGN §12 `modules/newsletter/`): subscriptions, each essay's
 * mailing, and the `newsletter-send` job that sends through the owner's SMTP server.
 */
export const newsletterModule = (ctx: ModuleContext, deps: NewsletterModuleDeps) => {
  const subscribers = createSubscriberRepo(ctx.db);
  const deliveries = createDeliveryRepo(ctx.db);
  const links = createLinkSigner(deps.meta);
  const settings = createNewsletterSettings(deps.meta);
  let runner: () => Promise<unknown> = async () => {};
  const kick = () => {
    void runner().catch((error: unknown) =>
      ctx.logger.warn({ err: error }, 'newsletter-send job not started'),
    );
  };
  const essay = async (id: number, owner: boolean): Promise<Essay> =>
    deps.images.withPicturesOf(await deps.essays.detail(id, owner));
  const sender = createSender({
    subscribers,
    deliveries,
    links,
    settings,
    channels: deps.channels,
    essay: (id) => essay(id, false).catch(() => null),
    siteTitle: ctx.config.siteTitle,
    language: ctx.config.siteLanguage,
    apiBasePath: ctx.config.apiBasePath,
    dkim: ctx.config.dkim,
    logger: ctx.logger,
    now: ctx.now,
  });
  const subscriptions = createSubscriptions({
    subscribers,
    links,
    proof: deps.proof,
    rateLimiter: createRateLimiter(ctx.db, ctx.now),
    open: async () => (await sender.setup()) !== null,
    kick,
    now: ctx.now,
  });
  const issues = createIssues({
    deliveries,
    settings,
    sender,
    essay,
    siteTitle: ctx.config.siteTitle,
    language: ctx.config.siteLanguage,
    kick,
    now: ctx.now,
  });
  ctx.events.on(async (event) => {
    if (event.type === 'essay.published') await issues.essayPublished(event.data);
  });
  newsletterRoutes(ctx.router, {
    subscriptions,
    issues,
    sender,
    siteTitle: ctx.config.siteTitle,
    dkim: ctx.config.dkim !== null,
    pageLanguage: (req) => languageOf(req, ctx.config),
  });
  return {
    sender,
    issues,
    subscriptions,
    /** The unsubscribe link's query for an address (tests and the API document's probe). */
    unsubscribeQuery: (email: string) => links.unsubscribeQuery(email),
    /** The job's runner, attached once the scheduler exists. */
    attachRunner(run: () => Promise<unknown>): void {
      runner = run;
    },
  };
};

export type NewsletterModule = ReturnType<typeof newsletterModule>;
