import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { AppCard } from './AppCard.tsx';

/**
 * 应用 (issue 42): the fediverse apps the owner approved, beside the API tokens. An app logs in by
 * itself (the owner types the site's address into it); there is nothing to create here.
 */
export const AppList = () => {
  const t = useT();
  const apps = useQuery({ queryKey: ['oauth-grants'], queryFn: () => call('oauthGrantList') });
  return (
    <section className="token-apps" aria-labelledby="token-apps-title">
      <h2 id="token-apps-title" className="token-apps-title">
        {t('admin.tokens.apps.title')}
      </h2>
      <p className="token-intro">{t('admin.tokens.apps.intro')}</p>
      {apps.isPending ? (
        <LoadingState />
      ) : apps.isError ? (
        <ErrorState error={apps.error} onRetry={() => apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <EmptyState>{t('admin.tokens.apps.empty')}</EmptyState>
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
