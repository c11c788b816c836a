import type { WebhookDelivery } from '@candy/contract/calls/webhooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  EmptyState,
  ErrorState,
  formatDateTime,
  LoadingState,
  relativeTime,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { DeliveryBadge } from './DeliveryBadge.tsx';

/** An endpoint's latest deliveries, each with its attempts, and 重新发送. */
export const DeliveryLog = ({ endpointId }: { endpointId: number }) => {
  const t = useT();
  const client = useQueryClient();
  const page = useQuery({
    queryKey: ['webhooks', 'deliveries', endpointId],
    queryFn: () => call('webhookDeliveries', { params: { id: endpointId } }),
    // Deliveries are sent by a job: their state changes without the owner doing anything.
    refetchInterval: 5000,
  });
  const resend = async (delivery: WebhookDelivery) => {
    await call('webhookResend', { params: { id: delivery.id } });
    toast.success(t('admin.webhooks.requeued'));
    await client.invalidateQueries({ queryKey: ['webhooks'] });
  };
  if (page.isPending) return <LoadingState />;
  if (page.isError) return <ErrorState error={page.error} onRetry={() => page.refetch()} />;
  if (page.data.list.length === 0) return <EmptyState>{t('admin.webhooks.noDeliveries')}</EmptyState>;
  return (
    <ol className="hook-deliveries" data-testid="hook-deliveries">
      {page.data.list.map((delivery) => (
        <li key={delivery.id} data-testid="hook-delivery">
          <div className="hook-delivery-head">
            <code>{delivery.eventType}</code>
            <DeliveryBadge status={delivery.status} />
            <time
              dateTime={new Date(delivery.createdAt).toISOString()}
              title={formatDateTime(delivery.createdAt)}
            >
              {relativeTime(delivery.createdAt)}
            </time>
            <Button kind="text" onClick={() => resend(delivery)} data-testid="hook-resend">
              {t('admin.webhooks.resend')}
            </Button>
          </div>
          {delivery.resendOf !== null && (
            <p className="hook-muted">{t('admin.webhooks.resendOf', { id: delivery.resendOf })}</p>
          )}
          {delivery.status === 'pending' && delivery.nextAttemptAt !== null && delivery.attempts > 0 && (
            <p className="hook-muted">
              {t('admin.webhooks.nextAttempt', { time: formatDateTime(delivery.nextAttemptAt) })}
            </p>
          )}
          <ul className="hook-attempts">
            {delivery.log.map((attempt) => (
              <li key={attempt.attempt} className={attempt.ok ? 'hook-ok' : 'hook-failed'}>
                {t('admin.webhooks.attempt', {
                  attempt: attempt.attempt,
                  at: formatDateTime(attempt.at),
                  status: attempt.statusCode ?? t('admin.webhooks.attempt.noResponse'),
                  ms: attempt.durationMs,
                })}
                {attempt.error ? ` · ${attempt.error}` : ''}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
};
