import type { Language } from '@candy/contract/languages';
import { serverText } from '../../../i18n/serverText.ts';
import type { Outbound } from '../../../net/outbound.ts';
import { type SettingsOf, sendSmtpMail } from '../../push/senders.ts';

export interface ReplyMail {
  to: string;
  subject: string;
  text: string;
  /** Absolute https address (or a path when the site's address is not configured). */
  unsubscribeUrl: string;
}

/**
 * A reply mail through the owner's SMTP server (the push module's email channel settings), with
 * RFC 8058 one-click unsubscribe headers: a mail client's "unsubscribe" button POSTs to the link.
 */
export const sendReplyMail = (
  outbound: Outbound,
  smtp: SettingsOf<'email'>,
  mail: ReplyMail,
  /** The site's language (SITE_LANGUAGE): the mail's own words. */
  language: Language,
): Promise<void> =>
  sendSmtpMail(outbound, smtp, {
    to: mail.to,
    subject: mail.subject,
    text: serverText(language, 'replies.mailFooter', { text: mail.text, url: mail.unsubscribeUrl }),
    headers: {
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // An automatic message: no out-of-office answers to it.
      'Auto-Submitted': 'auto-generated',
    },
  });
