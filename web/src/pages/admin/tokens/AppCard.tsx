import type { OauthGrant } from '@candy/contract/calls/oauth';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { Badge, destroyQuestion, formatDateTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { scopeLabel } from './appScopes.ts';

/** One approved fediverse app (issue 42): its scopes and dates; revoking asks first. */
export const AppCard = ({ app }: { app: OauthGrant }) => {
  const client = useQueryClient();
  const revoke = async () => {
    await call('oauthGrantRevoke', { params: { id: app.id } });
    toast.success('应用授权已撤销');
    await client.invalidateQueries({ queryKey: ['oauth-grants'] });
  };
  return (
    <section className="token-card" data-testid="app-card">
      <header className="token-card-head">
        <h3>{app.name}</h3>
        <Badge tone={app.revokedAt === null ? 'success' : 'muted'}>
          {app.revokedAt === null ? '已授权' : '已撤销'}
        </Badge>
      </header>
      {app.website && <p className="token-scope">{app.website}</p>}
      <ul className="oauth-scopes">
        {app.scopes.map((scope) => (
          <li key={scope}>{scopeLabel(scope)}</li>
        ))}
      </ul>
      <dl className="token-dates">
        <dt>授权</dt>
        <dd>{formatDateTime(app.createdAt)}</dd>
        <dt>上次使用</dt>
        <dd>{app.lastUsedAt === null ? '从未使用' : formatDateTime(app.lastUsedAt)}</dd>
        {app.revokedAt !== null && (
          <>
            <dt>撤销</dt>
            <dd>{formatDateTime(app.revokedAt)}</dd>
          </>
        )}
      </dl>
      {app.revokedAt === null && (
        <div className="token-actions">
          <Button
            kind="dangerous"
            confirm={{
              title: '撤销应用授权',
              message: destroyQuestion(
                '撤销',
                '应用授权',
                { title: app.name },
                '应用会立刻退出登录，要再用需重新授权。',
              ),
            }}
            onClick={revoke}
            data-testid="app-revoke"
          >
            撤销
          </Button>
        </div>
      )}
    </section>
  );
};
