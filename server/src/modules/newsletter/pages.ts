import type { Language } from '@candy/contract/languages';
import { htmlLangOf } from '../../http/pageLanguage.ts';
import { serverText } from '../../i18n/serverText.ts';
/** The small pages a mail's links open (confirm, unsubscribe): no web app needed, no script. */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (siteTitle: string, heading: string, body: string, language: Language) => `<!doctype html>
<html lang="${htmlLangOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(heading)} - ${escapeHtml(siteTitle)}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;background:#fff}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}a{color:#93c5fd}}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1>
${body}
<p><a href="/">${serverText(language, 'newsletter.pageBack', { site: escapeHtml(siteTitle) })}</a></p>
</main></body></html>`;

const button = (label: string, field: string) =>
  `<form method="post"><input type="hidden" name="${field}" value="One-Click"><button type="submit">${label}</button></form>`;

/** The pages are in the reader's language (`?lang=`, Accept-Language, SITE_LANGUAGE). */
export const confirmPage = (
  siteTitle: string,
  state: { email: string; done: boolean } | null,
  language: Language,
): string => {
  const say = (key: string, values?: Record<string, unknown>) => serverText(language, key, values);
  const site = escapeHtml(siteTitle);
  if (state === null)
    return page(
      siteTitle,
      say('newsletter.confirmButton'),
      `<p>${say('newsletter.confirmInvalid')}</p>`,
      language,
    );
  const email = escapeHtml(state.email);
  return state.done
    ? page(
        siteTitle,
        say('newsletter.confirmedHeading'),
        `<p>${say('newsletter.confirmed', { email, site })}</p>`,
        language,
      )
    : page(
        siteTitle,
        say('newsletter.confirmButton'),
        `<p>${say('newsletter.confirmAsk', { email, site })}</p>${button(say('newsletter.confirmButton'), 'confirm')}`,
        language,
      );
};

export const unsubscribePage = (
  siteTitle: string,
  email: string,
  done: boolean,
  language: Language,
): string => {
  const say = (key: string, values?: Record<string, unknown>) => serverText(language, key, values);
  const address = escapeHtml(email);
  return done
    ? page(
        siteTitle,
        say('newsletter.unsubscribedHeading'),
        `<p>${say('newsletter.unsubscribed', { email: address })}</p>`,
        language,
      )
    : page(
        siteTitle,
        say('newsletter.unsubscribeHeading'),
        `<p>${say('newsletter.unsubscribeAsk', { email: address })}</p>${button(say('newsletter.unsubscribeConfirm'), 'List-Unsubscribe')}`,
        language,
      );
};
