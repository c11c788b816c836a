import type { FederationFailedDelivery, FederationPendingDelivery } from '@candy/contract/calls/federation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
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

/** The remote's answer in a line: its status and the start of its body, or (server's words) why none came. */
const answerLine = (statusCode: number | null, answer: string) =>
  statusCode === null ? answer : `HTTP ${statusCode}${answer ? `：${answer}` : ''}`;

const When = ({ at }: { at: number }) => (
  <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)}>
    {relativeTime(at)}
  </time>
);

const Pending = ({ delivery }: { delivery: FederationPendingDelivery }) => (
  <li className="fed-delivery" data-testid="fed-pending">
    <div className="fed-delivery-head">
      <code>{delivery.activityType}</code>
      {delivery.sending ? (
        <Badge tone="info">发送中</Badge>
      ) : delivery.attempt > 0 ? (
        <Badge tone="warning">第 {delivery.attempt + 1} 次尝试</Badge>
      ) : (
        <Badge tone="muted">等待</Badge>
      )}
      {!delivery.sending && (
        <span className="muted">
          {delivery.runAt > Date.now() ? '下次：' : '排队于 '}
          <When at={delivery.runAt} />
        </span>
      )}
    </div>
    <p className="fed-inbox">{delivery.inbox || `分发给 ${delivery.recipients} 个收件箱`}</p>
    {delivery.lastAnswer !== null && (
      <p className="fed-answer">上次：{answerLine(delivery.lastStatusCode, delivery.lastAnswer)}</p>
    )}
  </li>
);

const Failed = ({
  delivery,
  onChanged,
}: {
  delivery: FederationFailedDelivery;
  onChanged: () => Promise<unknown>;
}) => (
  <li className="fed-delivery" data-testid="fed-failed">
    <div className="fed-delivery-head">
      <code>{delivery.activityType}</code>
      <Badge tone="danger">失败</Badge>
      <span className="muted">
        试了 {delivery.attempts} 次 · <When at={delivery.failedAt} />
      </span>
    </div>
    <p className="fed-inbox">{delivery.inbox}</p>
    <p className="fed-answer">{answerLine(delivery.statusCode, delivery.answer)}</p>
    <div className="fed-actions">
      <Button
        data-testid="fed-retry"
        onClick={async () => {
          await call('federationDeliveryRetry', { params: { id: delivery.id } });
          toast.success('已重新排队');
          await onChanged();
        }}
      >
        重试
      </Button>
      <Button
        kind="dangerous"
        data-testid="fed-remove"
        confirm={{ title: '删除失败的投递', message: `不再投递到 ${delivery.inbox}？` }}
        onClick={async () => {
          await call('federationDeliveryRemove', { params: { id: delivery.id } });
          await onChanged();
        }}
      >
        删除
      </Button>
    </div>
  </li>
);

/** 投递队列 (issue 29.5): deliveries waiting, with the last failed try's answer, and those given up. */
export const DeliveryQueue = () => {
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
      <h2 id="fed-queue-title">投递队列</h2>
      <p className="muted">
        队列里共 {queued}{' '}
        条（投递和待处理的收到的活动）。失败的投递按越来越长的间隔自动重试十次，之后放弃并列在下面。
      </p>
      <h3>等待投递（{pending.length}）</h3>
      {pending.length === 0 ? (
        <EmptyState>没有等待的投递。</EmptyState>
      ) : (
        <ol className="fed-deliveries">
          {pending.map((d) => (
            <Pending key={d.id} delivery={d} />
          ))}
        </ol>
      )}
      <h3>投递失败（{failed.length}）</h3>
      {failed.length === 0 ? (
        <EmptyState>没有失败的投递。</EmptyState>
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
