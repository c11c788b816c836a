import type { FederationFailedDelivery, FederationPendingDelivery } from '@candy/contract/calls/federation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { t as translate } from '../../../i18n/i18n.ts';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
import {
  Badge,
  EmptyState,
  ErrorState,
  formatDateTime,
  LoadingState,
  relativeTime,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/**
 * The remote's answer in a line: its status and the start of its body, or (the server's words, recorded in
 * the site's language when the attempt failed) why none came. The recorded text is content: it is not
 * translated after the fact.
 */
const answerLine = (statusCode: number | null, answer: string) => {
  const recorded = <span data-content>{answer}</span>;
  if (statusCode === null) return recorded;
  if (!answer) return `HTTP ${statusCode}`;
  return rich(translate, 'admin.federation.delivery.answer', { answer: recorded }, { code: statusCode });
};

const When = ({ at }: { at: number }) => (
  <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)}>
    {relativeTime(at)}
  </time>
);

const Pending = ({ delivery }: { delivery: FederationPendingDelivery }) => {
  const t = useT();
  return (
    <li className="fed-delivery" data-testid="fed-pending">
      <div className="fed-delivery-head">
        <code>{delivery.activityType}</code>
        {delivery.sending ? (
          <Badge tone="info">{t('admin.federation.delivery.sending')}</Badge>
        ) : delivery.attempt > 0 ? (
          <Badge tone="warning">
            {t('admin.federation.delivery.attempt', { attempt: delivery.attempt + 1 })}
          </Badge>
        ) : (
          <Badge tone="muted">{t('admin.federation.delivery.waiting')}</Badge>
        )}
        {!delivery.sending && (
          <span className="muted">
            {rich(
              t,
              delivery.runAt > Date.now()
                ? 'admin.federation.delivery.next'
                : 'admin.federation.delivery.queuedAt',
              {
                when: <When at={delivery.runAt} />,
              },
            )}
          </span>
        )}
      </div>
      <p className="fed-inbox">
        {delivery.inbox || t('admin.federation.delivery.shared', { count: delivery.recipients })}
      </p>
      {delivery.lastAnswer !== null && (
        <p className="fed-answer">
          {rich(t, 'admin.federation.delivery.last', {
            answer: answerLine(delivery.lastStatusCode, delivery.lastAnswer),
          })}
        </p>
      )}
    </li>
  );
};

const Failed = ({
  delivery,
  onChanged,
}: {
  delivery: FederationFailedDelivery;
  onChanged: () => Promise<unknown>;
}) => {
  const t = useT();
  return (
    <li className="fed-delivery" data-testid="fed-failed">
      <div className="fed-delivery-head">
        <code>{delivery.activityType}</code>
        <Badge tone="danger">{t('admin.federation.delivery.failed')}</Badge>
        <span className="muted">
          {rich(
            t,
            'admin.federation.delivery.tried',
            { when: <When at={delivery.failedAt} /> },
            { attempts: delivery.attempts },
          )}
        </span>
      </div>
      <p className="fed-inbox">{delivery.inbox}</p>
      <p className="fed-answer">{answerLine(delivery.statusCode, delivery.answer)}</p>
      <div className="fed-actions">
        <Button
          data-testid="fed-retry"
          onClick={async () => {
            await call('federationDeliveryRetry', { params: { id: delivery.id } });
            toast.success(t('admin.federation.delivery.requeued'));
            await onChanged();
          }}
        >
          {t('admin.federation.delivery.retry')}
        </Button>
        <Button
          kind="dangerous"
          data-testid="fed-remove"
          confirm={{
            title: t('admin.federation.delivery.remove.title'),
            message: t('admin.federation.delivery.remove.question', { inbox: delivery.inbox }),
          }}
          onClick={async () => {
            await call('federationDeliveryRemove', { params: { id: delivery.id } });
            await onChanged();
          }}
        >
          {t('admin.federation.delivery.remove')}
        </Button>
      </div>
    </li>
  );
};

/** 投递队列 (issue 29.5): deliveries waiting, with the last failed try's answer, and those given up. */
export const DeliveryQueue = () => {
  const t = useT();
  const client = useQueryClient();
  const queue = useQuery({
    queryKey: ['federation', 'deliveries'],
    queryFn: () => call('federationDeliveries'),
    // The queue works without the owner: look again while something waits.
    refetchInterval: (query) => ((query.state.data?.queued ?? 0) > 0 ? 5000 : false),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['federation'] });
  if (queue.isPending) return <LoadingState />;
  if (queue.isError) return <ErrorState error={queue.error} onRetry={() => queue.refetch()} />;
  const { pending, failed, queued } = queue.data;
  return (
    <section className="fed-queue" data-testid="fed-queue" aria-labelledby="fed-queue-title">
      <h2 id="fed-queue-title">{t('admin.federation.queue.title')}</h2>
      <p className="muted">{t('admin.federation.queue.note', { queued })}</p>
      <h3>{t('admin.federation.queue.pending', { count: pending.length })}</h3>
      {pending.length === 0 ? (
        <EmptyState>{t('admin.federation.queue.pending.empty')}</EmptyState>
      ) : (
        <ol className="fed-deliveries">
          {pending.map((d) => (
            <Pending key={d.id} delivery={d} />
          ))}
        </ol>
      )}
      <h3>{t('admin.federation.queue.failed', { count: failed.length })}</h3>
      {failed.length === 0 ? (
        <EmptyState>{t('admin.federation.queue.failed.empty')}</EmptyState>
      ) : (
        <ol className="fed-deliveries">
          {failed.map((d) => (
            <Failed key={d.id} delivery={d} onChanged={refresh} />
          ))}
        </ol>
      )}
    </section>
  );
};
