import type { PushMessage } from '@candy/contract/calls/push';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import {
  EmptyState,
  ErrorState,
  formatDateTime,
  LoadingState,
  relativeTime,
} from '../../../ui/adminKit/index.ts';
import { ResultBadge } from './ResultBadge.tsx';

const KINDS: Record<string, string> = {
  comment: '新评论',
  'job-failure': '任务失败',
  'reservation-published': '定时发布',
  'login-new-device': '新设备登录',
  system: '系统',
  test: '测试',
  manual: '手动发送',
};

/** The last 100 messages, newest first, with how each channel fared. */
export const History = () => {
  const history = useQuery({
    queryKey: ['push', 'history'],
    queryFn: () => call('pushHistory'),
    refetchInterval: 30_000,
  });
  if (history.isPending) return <LoadingState />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => history.refetch()} />;
  if (history.data.length === 0) return <EmptyState>还没有发过消息</EmptyState>;
  return (
    <ol className="push-history" data-testid="push-history">
      {history.data.map((message: PushMessage) => (
        <li key={message.id} className={`push-message push-${message.level}`} data-testid="push-message">
          <div className="push-message-head">
            <span className="push-kind">{KINDS[message.kind] ?? message.kind}</span>
            <strong>{message.title}</strong>
            <time
              dateTime={new Date(message.createdAt).toISOString()}
              title={formatDateTime(message.createdAt)}
            >
              {relativeTime(message.createdAt)}
            </time>
          </div>
          {message.body && <p className="push-body">{message.body}</p>}
          <div className="push-results">
            {message.results.map((result) => (
              <ResultBadge key={result.channel} result={result} named />
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
};
