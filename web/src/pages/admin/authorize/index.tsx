import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { AdminPage, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
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
    <AdminPage title="授权应用" data-testid="oauth-authorize">
      {app.isPending ? (
        <LoadingState />
      ) : app.isError ? (
        <ErrorState error={app.error} onRetry={() => app.refetch()} />
      ) : (
        <section className="token-card oauth-request">
          <h2>「{app.data.name}」想以你的身份使用本站</h2>
          {app.data.website && (
            <p className="token-intro">
              应用网站：<code>{app.data.website}</code>
            </p>
          )}
          <p>它请求这些权限：</p>
          <ul className="oauth-scopes">
            {app.data.scopes.map((s) => (
              <li key={s}>{scopeLabel(s)}</li>
            ))}
          </ul>
          <p className="token-intro">
            从应用发出的嘟文默认成为动态（只有你和持有暗色密钥的人能看到）；第一行是 Markdown 标题（#
            …），或发送时选择“公开”，则成为随笔。批准后可在 API 令牌页随时撤销。
          </p>
          {code ? (
            <p data-testid="oauth-code">
              把这个授权码填回应用：<code className="oauth-code">{code}</code>
            </p>
          ) : done ? (
            <p role="status">{done === 'approved' ? '已批准，正在回到应用…' : '已拒绝，正在回到应用…'}</p>
          ) : (
            <div className="token-actions">
              <Button kind="primary" onClick={() => decide(true)} data-testid="oauth-approve">
                批准
              </Button>
              <Button onClick={() => decide(false)} data-testid="oauth-refuse">
                拒绝
              </Button>
            </div>
          )}
        </section>
      )}
    </AdminPage>
  );
}
