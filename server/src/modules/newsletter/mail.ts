import type { Essay } from '@candy/contract/calls/essays';
import { feedHtmlOf } from '../../feeds/essayHtml.ts';
import { essayUrl } from '../../feeds/feedEssay.ts';
import { titleOf } from '../../feeds/xml.ts';
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

export const subjectOf = (essay: Pick<Essay, 'id' | 'content'>) =>
  titleOf(essay.content, `随笔 #${essay.id}`);

export const letterOf = async (essay: Essay, origin: string): Promise<EssayLetter> => ({
  subject: subjectOf(essay),
  url: essayUrl(origin, essay.id),
  html: await feedHtmlOf(essay, origin),
  text: essay.content,
});

/** The sending domain: the From address's. */
export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

const frame = (siteTitle: string, title: string, inner: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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
  const footer = `你收到这封邮件，是因为 ${envelope.to} 订阅了「${envelope.siteTitle}」的新随笔。`;
  const subject = `${links.test ? '[测试] ' : ''}${letter.subject}`;
  return {
    from: `"${envelope.siteTitle.replace(/["\\]/g, '')}" <${envelope.from}>`,
    to: envelope.to,
    subject,
    messageId: links.messageId,
    text: `${letter.text}\n\n在网站上阅读：${letter.url}\n\n——\n${footer}\n退订：${links.unsubscribe}\n`,
    html: frame(
      envelope.siteTitle,
      subject,
      `${letter.html}
<p style="margin:24px 0"><a href="${escapeHtml(letter.url)}" style="color:#1d4ed8">在网站上阅读</a></p>
<hr style="border:0;border-top:1px solid #e4e4e7">
<p style="font-size:13px;color:#52525b">${escapeHtml(footer)}<a href="${escapeHtml(links.unsubscribe)}" style="color:#1d4ed8">退订</a></p>`,
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
export const confirmationMail = (envelope: Envelope, confirmUrl: string): SmtpMail => ({
  from: `"${envelope.siteTitle.replace(/["\\]/g, '')}" <${envelope.from}>`,
  to: envelope.to,
  subject: `请确认订阅「${envelope.siteTitle}」`,
  text: `有人（希望是你）用 ${envelope.to} 订阅了「${envelope.siteTitle}」的新随笔。\n\n确认订阅（48 小时内有效）：${confirmUrl}\n\n不是你的话，不用理会这封邮件，不会再收到别的邮件。\n`,
  html: frame(
    envelope.siteTitle,
    '请确认订阅',
    `<p>有人（希望是你）用 ${escapeHtml(envelope.to)} 订阅了「${escapeHtml(envelope.siteTitle)}」的新随笔。</p>
<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:8px 20px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">确认订阅</a></p>
<p style="font-size:13px;color:#52525b">链接 48 小时内有效。不是你的话，不用理会这封邮件，不会再收到别的邮件。</p>`,
  ),
  headers: { 'Auto-Submitted': 'auto-generated' },
});
