import type { OperationDoc } from './operations.ts';

/** Readers by e-mail (issue 43): kept beside operations.ts, which would pass 400 lines with them. */
const op = (summary: string, extra: Omit<OperationDoc, 'tag' | 'summary'> = {}): OperationDoc => ({
  tag: 'newsletter',
  summary,
  ...extra,
});

const limited = 4290;
const provider = 5030;
const forbidden = 4030;
const proofRequired = 4033;
const proofInvalid = 4034;
const proofExpired = 4035;
const proofReused = 4036;

export const newsletterOperations = {
  newsletterSubscribe: op('Subscribe an address to new essays (a confirmation mail follows)', {
    errors: [proofRequired, proofInvalid, proofExpired, proofReused, limited, provider],
  }),
  newsletterConfirmPage: op('The confirmation mail’s page', {
    raw: {
      kind: 'bytes',
      media: ['text/html'],
      ranged: false,
      description: 'A small page with a button that confirms the subscription (a GET changes nothing).',
    },
  }),
  newsletterConfirm: op('Confirm a subscription with the mailed token'),
  newsletterUnsubscribePage: op('The essay mails’ unsubscribe page', {
    errors: [forbidden],
    raw: {
      kind: 'bytes',
      media: ['text/html'],
      ranged: false,
      description: 'A small page with a button that unsubscribes (a GET changes nothing).',
    },
  }),
  newsletterUnsubscribe: op('Stop essay mails to an address (one-click)', {
    errors: [forbidden],
  }),
  newsletterState: op('Whether the site offers subscribing by e-mail'),
  newsletterSubscribers: op('Subscribers, searched and filtered, with the counts'),
  newsletterSubscriberDelete: op('Remove a subscriber'),
  newsletterExport: op('Every subscriber as CSV'),
  newsletterImport: op('Add subscribers from a CSV'),
  newsletterSettings: op('Sending rate and automatic mailing'),
  newsletterSettingsUpdate: op('Change the sending rate and automatic mailing'),
  newsletterIssues: op('Each mailed essay with its delivery counts'),
  newsletterPreview: op('The mail an essay sends'),
  newsletterTest: op('Send an essay’s mail to one address', { errors: [provider] }),
  newsletterSend: op('Mail an essay to every confirmed subscriber'),
  newsletterSkip: op('Never mail an essay; pending deliveries are dropped'),
} satisfies Record<string, OperationDoc>;
