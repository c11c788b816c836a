import type { Essay } from '@candy/contract/calls/essays';
import type { Language } from '@candy/contract/languages';
import { feedHtmlOf } from '../../feeds/essayHtml.ts';
import { essayUrl } from '../../feeds/feedEssay.ts';
import { titleOf } from '../../feeds/xml.ts';
import { htmlLangOf } from '../../http/pageLanguage.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { SmtpMail } from '../../net/smtp.ts';
import { escapeHtml } from './pages.ts';

/** An essay as every subscriber's mail carries it; rendered once per mailing. */
export interface EssayLetter {
  subject: string;
  url: string;
  /** The page's Markdown rendered, every address absolute, pictures as links to their copies. */
  html: string;
  /** The Markdown itself: it reads as plain text. */
  text: string;
}

/** `language`: the site's (SITE_LANGUAGE): an untitled essay is named in it. */
export const subjectOf = (essay: Pick<Essay, 'id' | 'content'>, language: Language) =>
  titleOf(essay.content, serverText(language, 'feeds.untitled', { id: essay.id }));

export const letterOf = async (essay: Essay, origin: string, language: Language): Promise<EssayLetter> => ({
  subject: subjectOf(essay, language),
  url: essayUrl(origin, essay.id),
  html: await feedHtmlOf(essay, origin),
  text: essay.content,
});

/** The sending domain: the From address's. */
export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

const frame = (siteTitle: string, title: string, inner: string, language: Language) => `<!doctype html>
<html lang="${htmlLangOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>img{max-width:100%;height:auto}pre{white-space:pre-wrap}</style></head>
<body style="margin:0;padding:24px 12px;background:#f4f4f5">
<div style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff;color:#18181b;font:16px/1.75 system-ui,-apple-system,'PingFang SC','Microsoft YaHei',sans-serif">
<p style="margin:0 0 16px;color:#52525b;font-size:14px">${escapeHtml(siteTitle)}</p>
${inner}
</div></body></html>`;

export interface Envelope {
  from: string;
  to: string;
  siteTitle: string;
  /** The site's language (SITE_LANGUAGE): the mail's own words. */
  language: Language;
}

/**
 * One subscriber's mail of an essay, with what mail providers require of bulk mail: RFC 8058
 * one-click unsubscribe headers (https), a visible unsubscribe link, and a Message-ID fixed per
 * (essay, subscriber) — a send retried after a crash carries the same one, which providers
 * de-duplicate.
 */
export const essayMail = (
  letter: EssayLetter,
  envelope: Envelope,
  links: { unsubscribe: string; messageId: string; test?: boolean },
): SmtpMail => {
  const say = (key: string, values?: Record<string, unknown>) => serverText(envelope.language, key, values);
  const footer = say('newsletter.mailFooter', { to: envelope.to, site: envelope.siteTitle });
  const subject = links.test ? say('newsletter.testSubject', { subject: letter.subject }) : letter.subject;
  return {
    from: `"${envelope.siteTitle.replace(/["\\]/g, '')}" <${envelope.from}>`,
    to: envelope.to,
    subject,
    messageId: links.messageId,
    text: say('newsletter.mailText', {
      text: letter.text,
      url: letter.url,
      footer,
      unsubscribe: links.unsubscribe,
    }),
    html: frame(
      envelope.siteTitle,
      subject,
      `${letter.html}
<p style="margin:24px 0"><a href="${escapeHtml(letter.url)}" style="color:#1d4ed8">${say('newsletter.readOnSite')}</a></p>
<hr style="border:0;border-top:1px solid #e4e4e7">
<p style="font-size:13px;color:#52525b">${escapeHtml(footer)}<a href="${escapeHtml(links.unsubscribe)}" style="color:#1d4ed8">${say('newsletter.unsubscribe')}</a></p>`,
      envelope.language,
    ),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `<newsletter.${domainOf(envelope.from)}>`,
      Precedence: 'bulk',
      'Auto-Submitted': 'auto-generated',
    },
  };
};

/** The double opt-in mail: the only mail an unconfirmed address ever gets. */
export const confirmationMail = (envelope: Envelope, confirmUrl: string): SmtpMail => {
  const say = (key: string, values?: Record<string, unknown>) => serverText(envelope.language, key, values);
  return {
    from: `"${envelope.siteTitle.replace(/["\\]/g, '')}" <${envelope.from}>`,
    to: envelope.to,
    subject: say('newsletter.confirmSubject', { site: envelope.siteTitle }),
    text: say('newsletter.confirmText', { to: envelope.to, site: envelope.siteTitle, url: confirmUrl }),
    html: frame(
      envelope.siteTitle,
      say('newsletter.confirmTitle'),
      `<p>${say('newsletter.confirmIntro', { to: escapeHtml(envelope.to), site: escapeHtml(envelope.siteTitle) })}</p>
<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:8px 20px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${say('newsletter.confirmButton')}</a></p>
<p style="font-size:13px;color:#52525b">${say('newsletter.confirmNote')}</p>`,
      envelope.language,
    ),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
};
