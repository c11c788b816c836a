import type { RouteDef } from '../routeDef.ts';

/**
 * Readers by e-mail (issue 43): a visitor subscribes (double opt-in), the links of the mails
 * (confirm, one-click unsubscribe), and the owner's subscriber list, settings and delivery reports.
 */
export const newsletterRoutes = {
  /** An address and a solved proof of work; answered alike whether the address is known or not. */
  newsletterSubscribe: { method: 'POST', path: '/blog/newsletter/subscribe', access: 'public' },
  /** The confirmation mail's link: a small HTML page whose button confirms (a GET changes nothing). */
  newsletterConfirmPage: { method: 'GET', path: '/blog/newsletter/confirm', access: 'public' },
  /** The page's button: confirms the address the token was mailed to. */
  newsletterConfirm: { method: 'POST', path: '/blog/newsletter/confirm', access: 'public' },
  /** A mail's unsubscribe link: a small HTML page asking to confirm. */
  newsletterUnsubscribePage: { method: 'GET', path: '/blog/newsletter/unsubscribe', access: 'public' },
  /** The page's button and RFC 8058 one-click (`List-Unsubscribe=One-Click`). */
  newsletterUnsubscribe: { method: 'POST', path: '/blog/newsletter/unsubscribe', access: 'public' },
  /** Whether subscribing is offered at all (the owner set up an SMTP server). */
  newsletterState: { method: 'GET', path: '/blog/newsletter/state', access: 'public' },
  newsletterSubscribers: { method: 'GET', path: '/newsletter/subscriber', access: 'owner' },
  newsletterSubscriberDelete: { method: 'DELETE', path: '/newsletter/subscriber/:id', access: 'owner' },
  newsletterExport: { method: 'GET', path: '/newsletter/subscriber/export', access: 'owner' },
  newsletterImport: { method: 'POST', path: '/newsletter/subscriber/import', access: 'owner' },
  newsletterSettings: { method: 'GET', path: '/newsletter/settings', access: 'owner' },
  newsletterSettingsUpdate: { method: 'PUT', path: '/newsletter/settings', access: 'owner' },
  /** Every essay's mailing with its delivery counts, newest first. */
  newsletterIssues: { method: 'GET', path: '/newsletter/issue', access: 'owner' },
  /** The mail an essay would send, as subscribers would get it. */
  newsletterPreview: { method: 'GET', path: '/newsletter/issue/:id/preview', access: 'owner' },
  /** Sends the essay's mail to one address (the owner's), marked as a test. */
  newsletterTest: { method: 'POST', path: '/newsletter/issue/:id/test', access: 'owner' },
  /** Mails an essay that was not mailed on its own (hidden then shown, held, edited). */
  newsletterSend: { method: 'POST', path: '/newsletter/issue/:id/send', access: 'owner' },
  /** Never mail this essay (also before a reservation comes due); what is pending is dropped. */
  newsletterSkip: { method: 'POST', path: '/newsletter/issue/:id/skip', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
