import { call } from '../../core/request.ts';

/** Asked once per page: every subscription form shares the answer. */
let asked: Promise<boolean> | null = null;

/**
 * Whether the site offers subscribing at all (the owner set up an SMTP server). Not known (offline,
 * a failed call): no form, a promise the site may not keep is not offered; asked again next time.
 */
export const subscribeOpen = (): Promise<boolean> => {
  asked ??= call('newsletterState', { silent: true })
    .then((state) => state.open)
    .catch(() => {
      asked = null;
      return false;
    });
  return asked;
};
