import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { confirm } from '../../../ui/Dialog.tsx';
import { DeliveryQueue } from './DeliveryQueue.tsx';

/** Follow requests, followers, blocks and the delivery queue, with their actions. */
export const FederationLists = () => {
  const client = useQueryClient();
  const overview = useQuery({
    queryKey: ['federation', 'overview'],
    queryFn: () => call('federationOverview'),
  });
  const [target, setTarget] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['federation'] });
  const follower = async (actorUrl: string, action: 'accept' | 'reject' | 'remove') => {
    await call('federationFollower', { body: { actorUrl, action } });
    await refresh();
  };

  if (overview.isPending) return <LoadingState />;
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => overview.refetch()} />;
  const data = overview.data;
  return (
    <div className="fed-lists" data-testid="fed-lists">
      <p>
        账号：{data.account || '（先填站点地址）'}　排队中：{data.queued}　投递失败：{data.failed}
      </p>
      <h2>关注请求</h2>
      {data.requests.length === 0 ? (
        <EmptyState>没有等待批准的关注。</EmptyState>
      ) : (
        data.requests.map((f) => (
          <div key={f.actorUrl} className="fed-row">
            <a href={f.actorUrl} rel="noopener noreferrer" target="_blank">
              {f.name} {f.handle}
            </a>
            <Button kind="primary" onClick={() => follower(f.actorUrl, 'accept')}>
              批准
            </Button>
            <Button onClick={() => follower(f.actorUrl, 'reject')}>拒绝</Button>
          </div>
        ))
      )}
      <h2>关注者（{data.followers.length}）</h2>
      {data.followers.length === 0 ? (
        <EmptyState>
          还没有关注者。别人在联邦宇宙里搜索 {data.account || '@账号名@域名'} 就能关注。
        </EmptyState>
      ) : (
        data.followers.map((f) => (
          <div key={f.actorUrl} className="fed-row" data-testid="fed-follower">
            <a href={f.actorUrl} rel="noopener noreferrer" target="_blank">
              {f.name} {f.handle}
            </a>
            <Button onClick={() => follower(f.actorUrl, 'remove')} confirm={{ message: '移除这个关注者?' }}>
              移除
            </Button>
          </div>
        ))
      )}
      <h2>屏蔽</h2>
      <form
        className="fed-block"
        onSubmit={(event) => {
          event.preventDefault();
          if (!target.trim()) return;
          // Blocking deletes what they wrote here: asked first (a cancel rejects with false, ignored).
          void confirm({ title: '屏蔽', message: `屏蔽 ${target.trim()}？其评论、喜欢和转发会被删除。` })
            .then(() => call('federationBlock', { body: { target: target.trim() } }))
            .then(() => {
              setTarget('');
              return refresh();
            });
        }}
      >
        <input
          className="input"
          aria-label="要屏蔽的域名或账号地址"
          value={target}
          placeholder="域名或账号地址"
          onChange={(e) => setTarget(e.target.value)}
        />
        <Button type="submit">屏蔽（并删除其评论、喜欢和转发）</Button>
      </form>
      {data.blocks.length === 0 ? (
        <EmptyState>没有屏蔽的账号或域名。</EmptyState>
      ) : (
        data.blocks.map((b) => (
          <div key={b.target} className="fed-row" data-testid="fed-blocked">
            <span className="fed-target">{b.target}</span>
            <Button onClick={() => call('federationUnblock', { body: { target: b.target } }).then(refresh)}>
              解除
            </Button>
          </div>
        ))
      )}
      <DeliveryQueue />
    </div>
  );
};
