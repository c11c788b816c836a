import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { newsletterRoutes as routes } from '../routes/newsletter.ts';
import { PowProof } from './commentModeration.ts';
import { IdParams } from './essays.ts';

const Email = z.lazy(() =>
  z.email({ error: 'schema.email.invalid' }).max(254, 'schema.newsletter.email.tooLong'),
);

export const NewsletterSubscribeBody = z.lazy(() => z.object({ email: Email, proof: PowProof.optional() }));
export type NewsletterSubscribeBody = z.infer<typeof NewsletterSubscribeBody>;

/** What the mail's confirmation link carries: a random token (only its hash is stored). */
export const NewsletterConfirmQuery = z.lazy(() => z.object({ token: z.string().min(16).max(128) }));

/** The signed address a mail's unsubscribe link carries. */
export const NewsletterUnsubscribeQuery = z.lazy(() =>
  z.object({ email: Email, sig: z.string().min(1).max(128) }),
);
export type NewsletterUnsubscribeQuery = z.infer<typeof NewsletterUnsubscribeQuery>;

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const;
export const SubscriberStatus = z.enum(SUBSCRIBER_STATUSES);
export type SubscriberStatus = z.infer<typeof SubscriberStatus>;

export const Subscriber = z.lazy(() =>
  z.object({
    id: z.number().int(),
    email: z.string(),
    status: SubscriberStatus,
    /** `form`: subscribed on the site; `import`: from the owner's CSV. */
    source: z.enum(['form', 'import']),
    createdAt: z.number(),
    confirmedAt: z.number().nullable(),
    unsubscribedAt: z.number().nullable(),
    /** Why the address is marked invalid (the SMTP server's answer). */
    lastError: z.string().nullable(),
  }),
);
export type Subscriber = z.infer<typeof Subscriber>;

export const SubscriberQuery = z.lazy(() =>
  z.object({
    q: z.string().trim().max(254).optional(),
    status: SubscriberStatus.optional(),
    /** Exclusive cursor: the last id the client has. */
    start: z.coerce.number().int().positive().optional(),
  }),
);

export const SubscriberCounts = z.lazy(() =>
  z.object({
    total: z.number().int(),
    pending: z.number().int(),
    confirmed: z.number().int(),
    unsubscribed: z.number().int(),
    bounced: z.number().int(),
  }),
);

export const SubscriberPage = z.lazy(() =>
  z.object({
    list: z.array(Subscriber),
    hasMore: z.boolean(),
    counts: SubscriberCounts,
  }),
);
export type SubscriberPage = z.infer<typeof SubscriberPage>;

export const NewsletterImportBody = z.lazy(() =>
  z.object({
    /** A CSV whose first column (or its `email` column) holds the addresses. */
    csv: z.string().min(1, 'schema.newsletter.csv.empty').max(5_000_000, 'schema.newsletter.csv.tooBig'),
    /** The owner confirms these readers agreed elsewhere: imported as confirmed, else pending. */
    consented: z.boolean(),
  }),
);
export const NewsletterImportResult = z.lazy(() =>
  z.object({
    added: z.number().int(),
    /** Already on the list: left as they were. */
    known: z.number().int(),
    invalid: z.number().int(),
  }),
);

export const rateRange = { min: 1, max: 1000, default: 30 } as const;

export const NewsletterSettings = z.object({
  /** Mails a minute (confirmations and essays together), for what the SMTP account allows. */
  ratePerMinute: z.number().int().min(rateRange.min).max(rateRange.max),
  /** Mail an essay when it becomes visible; off: it waits for the owner's 发送. */
  autoSend: z.boolean(),
});
export type NewsletterSettings = z.infer<typeof NewsletterSettings>;
export const NewsletterSettingsView = z.lazy(() =>
  NewsletterSettings.extend({
    /** The owner's SMTP server is set up (the push page's email channel). */
    mailReady: z.boolean(),
    /** The From address the mails carry. */
    from: z.string().nullable(),
    /** DKIM keys are configured (DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE). */
    dkim: z.boolean(),
  }),
);

export const ISSUE_STATES = ['held', 'queued', 'done', 'skipped'] as const;
export const IssueState = z.enum(ISSUE_STATES);

export const NewsletterIssue = z.lazy(() =>
  z.object({
    essayId: z.number().int(),
    subject: z.string(),
    state: IssueState,
    createdAt: z.number(),
    sent: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    /** Unsubscribed or removed before their turn. */
    skipped: z.number().int(),
  }),
);
export type NewsletterIssue = z.infer<typeof NewsletterIssue>;

export const NewsletterPreview = z.lazy(() =>
  z.object({ subject: z.string(), html: z.string(), text: z.string() }),
);

export const newsletterCalls = {
  newsletterSubscribe: defineCall(routes.newsletterSubscribe, () => ({
    body: NewsletterSubscribeBody,
    response: z.object({ accepted: z.literal(true) }),
  })),
  /** Answers HTML (not the envelope). */
  newsletterConfirmPage: defineCall(routes.newsletterConfirmPage, () => ({
    query: NewsletterConfirmQuery,
    response: z.string(),
  })),
  /** Answers HTML to a form post (the page's button), the envelope otherwise. */
  newsletterConfirm: defineCall(routes.newsletterConfirm, () => ({
    query: NewsletterConfirmQuery,
    response: z.object({ email: z.string(), confirmed: z.literal(true) }),
  })),
  /** Answers HTML (not the envelope). */
  newsletterUnsubscribePage: defineCall(routes.newsletterUnsubscribePage, () => ({
    query: NewsletterUnsubscribeQuery,
    response: z.string(),
  })),
  /** Answers HTML to a form post (a browser, a mail client's one-click), the envelope otherwise. */
  newsletterUnsubscribe: defineCall(routes.newsletterUnsubscribe, () => ({
    query: NewsletterUnsubscribeQuery,
    response: z.object({ unsubscribed: z.literal(true) }),
  })),
  newsletterState: defineCall(routes.newsletterState, () => ({ response: z.object({ open: z.boolean() }) })),
  newsletterSubscribers: defineCall(routes.newsletterSubscribers, () => ({
    query: SubscriberQuery,
    response: SubscriberPage,
  })),
  newsletterSubscriberDelete: defineCall(routes.newsletterSubscriberDelete, () => ({
    params: IdParams,
    response: z.object({ id: z.number().int() }),
  })),
  newsletterExport: defineCall(routes.newsletterExport, () => ({
    response: z.object({ filename: z.string(), csv: z.string() }),
  })),
  newsletterImport: defineCall(routes.newsletterImport, () => ({
    body: NewsletterImportBody,
    response: NewsletterImportResult,
  })),
  newsletterSettings: defineCall(routes.newsletterSettings, () => ({ response: NewsletterSettingsView })),
  newsletterSettingsUpdate: defineCall(routes.newsletterSettingsUpdate, () => ({
    body: NewsletterSettings,
    response: NewsletterSettingsView,
  })),
  newsletterIssues: defineCall(routes.newsletterIssues, () => ({ response: z.array(NewsletterIssue) })),
  newsletterPreview: defineCall(routes.newsletterPreview, () => ({
    params: IdParams,
    response: NewsletterPreview,
  })),
  newsletterTest: defineCall(routes.newsletterTest, () => ({
    params: IdParams,
    body: z.object({ to: Email.optional() }),
    response: z.object({ to: z.string() }),
  })),
  newsletterSend: defineCall(routes.newsletterSend, () => ({ params: IdParams, response: NewsletterIssue })),
  newsletterSkip: defineCall(routes.newsletterSkip, () => ({ params: IdParams, response: NewsletterIssue })),
} satisfies Record<keyof typeof routes, CallDef>;
