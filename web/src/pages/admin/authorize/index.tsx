import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, ErrorState, LoadingState, RichMessage } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { scopeLabel } from '../tokens/appScopes.ts';
import '../tokens/tokens.css';

/** The authorize request as the app sent it to `/oauth/authorize`, which passed it on here. */
const requestOf = (search: string) => {
  const q = new URLSearchParams(search);
  return {
    clientId: q.get('client_id') ?? '',
    redirectUri: q.get('redirect_uri') ?? '',
    scope: q.get('scope') ?? '',
    state: q.get('state') ?? undefined,
    codeChallenge: q.get('code_challenge') ?? undefined,
    codeChallengeMethod: q.get('code_challenge_method') ?? undefined,
  };
};

/**
 * 授权应用 (issue 42): a fediverse app (Ivory, Tusky, Phanpy, Elk…) asks to post as the owner. The
 * owner reached this page through the usual gate and login; approving sends the browser back to the
 * app with a one-time code, refusing sends it back with `access_denied`.
 */
export default function Page() {
  const request = requestOf(useLocation().search);
  const t = useT();
  const { clientId, redirectUri, scope } = request;
  const app = useQuery({
    queryKey: ['oauth-app', clientId, redirectUri, scope],
    queryFn: () => call('oauthAppInfo', { query: { clientId, redirectUri, scope }, silent: true }),
    retry: false,
  });
  const [code, setCode] = useState<string | null>(null);
  const [done, setDone] = useState<'approved' | 'refused' | null>(null);
  const decide = async (approve: boolean) => {
    const decided = await call('oauthDecide', { body: { ...request, approve } });
    setDone(approve ? 'approved' : 'refused');
    if (decided.redirectTo) window.location.assign(decided.redirectTo);
    else setCode(decided.code);
  };
  return (
    <AdminPage title={t('admin.title.authorize')} data-testid="oauth-authorize">
      {app.isPending ? (
        <LoadingState />
      ) : app.isError ? (
        <ErrorState error={app.error} onRetry={() => app.refetch()} />
      ) : (
        <section className="token-card oauth-request">
          <h2>
            <RichMessage
              id="admin.authorize.asks"
              nodes={{ app: <span data-content>{app.data.name}</span> }}
            />
          </h2>
          {app.data.website && (
            <p className="token-intro">
              {t('admin.authorize.website')}
              <code>{app.data.website}</code>
            </p>
          )}
          <p>{t('admin.authorize.scopes')}</p>
          <ul className="oauth-scopes">
            {app.data.scopes.map((s) => (
              <li key={s}>{scopeLabel(s)}</li>
            ))}
          </ul>
          <p className="token-intro">{t('admin.authorize.posts')}</p>
          {code ? (
            <p data-testid="oauth-code">
              {t('admin.authorize.code')}
              <code className="oauth-code">{code}</code>
            </p>
          ) : done ? (
            <p role="status">
              {t(done === 'approved' ? 'admin.authorize.approved' : 'admin.authorize.refused')}
            </p>
          ) : (
            <div className="token-actions">
              <Button kind="primary" onClick={() => decide(true)} data-testid="oauth-approve">
                {t('admin.authorize.approve')}
              </Button>
              <Button onClick={() => decide(false)} data-testid="oauth-refuse">
                {t('admin.authorize.refuse')}
              </Button>
            </div>
          )}
        </section>
      )}
    </AdminPage>
  );
}
