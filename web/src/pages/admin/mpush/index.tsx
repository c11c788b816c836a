import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { ChannelCard } from './ChannelCard.tsx';
import { History } from './History.tsx';
import { WebPushSubscribe } from './WebPushSubscribe.tsx';
import './mpush.css';

/**
 * 推送 (issue 12): where the owner hears about new comments, failed jobs, published reservations and
 * logins from new browsers. Each channel is set up and tested here; below, what was sent.
 */
export default function Page() {
  const t = useT();
  const client = useQueryClient();
  const channels = useQuery({ queryKey: ['push', 'channels'], queryFn: () => call('pushChannels') });
  const testAll = async () => {
    const { results } = await call('messageSend', {
      params: { channel: 'all', action: 'test' },
      body: {
        title: t('admin.push.test.title'),
        body: t('admin.push.testAll.body'),
        url: '/great-old-one/mpush',
        level: 'info',
      },
    });
    const ok = results.filter((r) => r.outcome === 'ok').length;
    const failed = results.filter((r) => r.outcome === 'failed').length;
    toast[failed ? 'error' : 'success'](
      failed ? t('admin.push.testAll.mixed', { ok, failed }) : t('admin.push.testAll.ok', { ok }),
    );
    await client.invalidateQueries({ queryKey: ['push', 'history'] });
  };
  return (
    <AdminPage
      title={t('admin.push.title')}
      actions={
        <Button onClick={testAll} data-testid="push-test-all">
          {t('admin.push.testAll')}
        </Button>
      }
    >
      <p className="push-intro">{t('admin.push.intro')}</p>
      {channels.data && channels.data.linkBase === null && (
        <p className="push-warning" role="note" data-testid="push-link-warning">
          {t('admin.push.link.unknown')}
        </p>
      )}
      {channels.data?.linkBase && !channels.data.linkBaseConfigured && (
        <p className="push-note" role="note" data-testid="push-link-note">
          {t('admin.push.link.guessed', { base: channels.data.linkBase })}
        </p>
      )}
      {channels.isPending ? (
        <LoadingState />
      ) : channels.isError ? (
        <ErrorState error={channels.error} onRetry={() => channels.refetch()} />
      ) : (
        <div className="push-channels">
          {channels.data.channels.map((view) => (
            <ChannelCard
              key={`${view.channel}-${view.updatedAt ?? 0}`}
              view={view}
              extra={
                view.channel === 'webpush' ? (
                  <WebPushSubscribe
                    vapidPublicKey={channels.data.vapidPublicKey}
                    subscriptions={channels.data.subscriptions}
                  />
                ) : undefined
              }
            />
          ))}
        </div>
      )}
      <h2 className="push-history-title">{t('admin.push.history')}</h2>
      <History />
    </AdminPage>
  );
}
