import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { AppCard } from './AppCard.tsx';

/**
 * 应用 (issue 42): the fediverse apps the owner approved, beside the API tokens. An app logs in by
 * itself (the owner types the site's address into it); there is nothing to create here.
 */
export const AppList = () => {
  const apps = useQuery({ queryKey: ['oauth-grants'], queryFn: () => call('oauthGrantList') });
  return (
    <section className="token-apps" aria-labelledby="token-apps-title">
      <h2 id="token-apps-title" className="token-apps-title">
        联邦宇宙应用
      </h2>
      <p className="token-intro">
        在 Ivory、Tusky、Phanpy、Elk 等 Mastodon 应用里填写本站地址登录，批准后就能在手机上发动态和随笔。
      </p>
      {apps.isPending ? (
        <LoadingState />
      ) : apps.isError ? (
        <ErrorState error={apps.error} onRetry={() => apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <EmptyState>还没有授权过应用。</EmptyState>
      ) : (
        <div className="token-list">
          {apps.data.map((app) => (
            <AppCard key={app.id} app={app} />
          ))}
        </div>
      )}
    </section>
  );
};
