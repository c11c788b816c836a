import type { SubscriberPage } from '@candy/contract/calls/newsletter';
import { useT } from '../../../i18n/useT.ts';

const figures = ['confirmed', 'pending', 'unsubscribed', 'bounced'] as const;

/** The four figures of the list, whatever it is filtered by. */
export const Counts = ({ counts }: { counts: SubscriberPage['counts'] | undefined }) => {
  const t = useT();
  return (
    <dl className="subs-counts" data-testid="subs-counts">
      {figures.map((key) => (
        <div key={key} className={`subs-count subs-count-${key}`}>
          <dt>{t(`admin.subscribers.status.${key}`)}</dt>
          <dd data-testid={`subs-count-${key}`}>{counts ? counts[key] : '…'}</dd>
        </div>
      ))}
    </dl>
  );
};
