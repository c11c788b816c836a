import type { SubscriberPage } from '@candy/contract/calls/newsletter';

const figures = [
  ['confirmed', '已确认'],
  ['pending', '待确认'],
  ['unsubscribed', '已退订'],
  ['bounced', '地址无效'],
] as const;

/** The four figures of the list, whatever it is filtered by. */
export const Counts = ({ counts }: { counts: SubscriberPage['counts'] | undefined }) => (
  <dl className="subs-counts" data-testid="subs-counts">
    {figures.map(([key, label]) => (
      <div key={key} className={`subs-count subs-count-${key}`}>
        <dt>{label}</dt>
        <dd data-testid={`subs-count-${key}`}>{counts ? counts[key] : '…'}</dd>
      </div>
    ))}
  </dl>
);
