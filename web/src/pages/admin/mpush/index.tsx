import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
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
  const client = useQueryClient();
  const channels = useQuery({ queryKey: ['push', 'channels'], queryFn: () => call('pushChannels') });
  const testAll = async () => {
    const { results } = await call('messageSend', {
      params: { channel: 'all', action: 'test' },
      body: {
        title: '糖果罐测试消息',
        body: '发往所有已配置的通道。',
        url: '/great-old-one/mpush',
        level: 'info',
      },
    });
    const ok = results.filter((r) => r.outcome === 'ok').length;
    const failed = results.filter((r) => r.outcome === 'failed').length;
    toast[failed ? 'error' : 'success'](`${ok} 个通道成功${failed ? `，${failed} 个失败` : ''}`);
    await client.invalidateQueries({ queryKey: ['push', 'history'] });
  };
  return (
    <AdminPage
      title="推送"
      actions={
        <Button onClick={testAll} data-testid="push-test-all">
          测试全部通道
        </Button>
      }
    >
      <p className="push-intro">
        新评论、定时任务失败、定时随笔发布和新设备登录时，会发往所有已启用的通道；某个通道失败不影响其他通道。密钥只写不读：保存后只显示末尾几位。
      </p>
      {channels.data && channels.data.linkBase === null && (
        <p className="push-warning" role="note" data-testid="push-link-warning">
          不知道本站的外网地址：没有设置 SITE_URL 或
          SITE_DOMAINS，后台也只从本机打开过。通知和回复邮件里的链接只能是站内路径（如
          /chaos），手机上点开、邮件里点开都到不了本站。设置 SITE_URL（如 https://你的域名）后链接就能打开。
        </p>
      )}
      {channels.data?.linkBase && !channels.data.linkBaseConfigured && (
        <p className="push-note" role="note" data-testid="push-link-note">
          通知和回复邮件里的链接用的是你最近打开后台的地址 {channels.data.linkBase}
          。换了地址会跟着变；要固定下来，请设置 SITE_URL。
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
      <h2 className="push-history-title">最近 100 条消息</h2>
      <History />
    </AdminPage>
  );
}
