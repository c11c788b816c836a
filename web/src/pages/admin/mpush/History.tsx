import type { PushMessage } from '@candy/contract/calls/push';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  EmptyState,
  ErrorState,
  formatDateTime,
  LoadingState,
  relativeTime,
} from '../../../ui/adminKit/index.ts';
import { ResultBadge } from './ResultBadge.tsx';

/** The kinds the back office names (`admin.push.kind.<kind>`); another shows as it is. */
const KINDS = new Set([
  'comment',
  'job-failure',
  'reservation-published',
  'login-new-device',
  'system',
  'test',
  'manual',
]);

/** The last 100 messages, newest first, with how each channel fared. */
export const History = () => {
  const t = useT();
  const history = useQuery({
    queryKey: ['push', 'history'],
    queryFn: () => call('pushHistory'),
    refetchInterval: 30_000,
  });
  if (history.isPending) return <LoadingState />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => history.refetch()} />;
  if (history.data.length === 0) return <EmptyState>{t('admin.push.history.empty')}</EmptyState>;
  return (
    <ol className="push-history" data-testid="push-history">
      {history.data.map((message: PushMessage) => (
        <li key={message.id} className={`push-message push-${message.level}`} data-testid="push-message">
          <div className="push-message-head">
            <span className="push-kind">
              {KINDS.has(message.kind) ? t(`admin.push.kind.${message.kind}`) : message.kind}
            </span>
            <strong data-content>{message.title}</strong>
            <time
              dateTime={new Date(message.createdAt).toISOString()}
              title={formatDateTime(message.createdAt)}
            >
              {relativeTime(message.createdAt)}
            </time>
          </div>
          {message.body && (
            <p className="push-body" data-content>
              {message.body}
            </p>
          )}
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
