import { useEffect, useState } from 'react';
import { call } from '../../core/request.ts';

/** Asked once per page: every comment form shares the answer. */
let asked: Promise<boolean> | null = null;

const askMail = (): Promise<boolean> => {
  asked ??= call('replyPushKey', { silent: true })
    .then((answer) => answer.mail)
    // Not known (offline, a failed call): offer nothing that may not work; ask again next page.
    .catch(() => {
      asked = null;
      return false;
    });
  return asked;
};

/**
 * Whether replies can be mailed on this site (issue 41.10): the owner set up an SMTP server. Until
 * the answer comes, and without one, the form does not offer 有回复时邮件通知我.
 */
export const useMailReplies = (enabled: boolean): boolean => {
  const [mail, setMail] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void askMail().then((answer) => {
      if (live) setMail(answer);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return mail;
};
