import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { confirm } from '../../../ui/Dialog.tsx';
import { DeliveryQueue } from './DeliveryQueue.tsx';

/** Follow requests, followers, blocks and the delivery queue, with their actions. */
export const FederationLists = () => {
  const t = useT();
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
        {t('admin.federation.summary', {
          account: data.account || t('admin.federation.summary.noAccount'),
          queued: data.queued,
          failed: data.failed,
        })}
      </p>
      <h2>{t('admin.federation.requests')}</h2>
      {data.requests.length === 0 ? (
        <EmptyState>{t('admin.federation.requests.empty')}</EmptyState>
      ) : (
        data.requests.map((f) => (
          <div key={f.actorUrl} className="fed-row">
            <a href={f.actorUrl} rel="noopener noreferrer" target="_blank" data-content>
              {f.name} {f.handle}
            </a>
            <Button kind="primary" onClick={() => follower(f.actorUrl, 'accept')}>
              {t('admin.federation.approve')}
            </Button>
            <Button onClick={() => follower(f.actorUrl, 'reject')}>{t('admin.federation.reject')}</Button>
          </div>
        ))
      )}
      <h2>{t('admin.federation.followers', { count: data.followers.length })}</h2>
      {data.followers.length === 0 ? (
        <EmptyState>
          {t('admin.federation.followers.empty', {
            account: data.account || t('admin.federation.followers.handle'),
          })}
        </EmptyState>
      ) : (
        data.followers.map((f) => (
          <div key={f.actorUrl} className="fed-row" data-testid="fed-follower">
            <a href={f.actorUrl} rel="noopener noreferrer" target="_blank" data-content>
              {f.name} {f.handle}
            </a>
            <Button
              onClick={() => follower(f.actorUrl, 'remove')}
              confirm={{ message: t('admin.federation.follower.remove.question') }}
            >
              {t('admin.federation.follower.remove')}
            </Button>
          </div>
        ))
      )}
      <h2>{t('admin.federation.blocks')}</h2>
      <form
        className="fed-block"
        onSubmit={(event) => {
          event.preventDefault();
          if (!target.trim()) return;
          // Blocking deletes what they wrote here: asked first (a cancel rejects with false, ignored).
          void confirm({
            title: t('admin.federation.block.title'),
            message: t('admin.federation.block.question', { target: target.trim() }),
          })
            .then(() => call('federationBlock', { body: { target: target.trim() } }))
            .then(() => {
              setTarget('');
              return refresh();
            });
        }}
      >
        <input
          className="input"
          aria-label={t('admin.federation.block.label')}
          value={target}
          placeholder={t('admin.federation.block.placeholder')}
          onChange={(e) => setTarget(e.target.value)}
        />
        <Button type="submit">{t('admin.federation.block.submit')}</Button>
      </form>
      {data.blocks.length === 0 ? (
        <EmptyState>{t('admin.federation.blocks.empty')}</EmptyState>
      ) : (
        data.blocks.map((b) => (
          <div key={b.target} className="fed-row" data-testid="fed-blocked">
            <span className="fed-target">{b.target}</span>
            <Button onClick={() => call('federationUnblock', { body: { target: b.target } }).then(refresh)}>
              {t('admin.federation.unblock')}
            </Button>
          </div>
        ))
      )}
      <DeliveryQueue />
    </div>
  );
};
