import type { OauthGrant } from '@candy/contract/calls/oauth';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Badge, formatDateTime, shortTitle } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { scopeLabel } from './appScopes.ts';

/** One approved fediverse app (issue 42): its scopes and dates; revoking asks first. */
export const AppCard = ({ app }: { app: OauthGrant }) => {
  const t = useT();
  const client = useQueryClient();
  const revoke = async () => {
    await call('oauthGrantRevoke', { params: { id: app.id } });
    toast.success(t('admin.tokens.app.revoked'));
    await client.invalidateQueries({ queryKey: ['oauth-grants'] });
  };
  return (
    <section className="token-card" data-testid="app-card">
      <header className="token-card-head">
        <h3 data-content>{app.name}</h3>
        <Badge tone={app.revokedAt === null ? 'success' : 'muted'}>
          {app.revokedAt === null ? t('admin.tokens.app.approved') : t('admin.tokens.state.revoked')}
        </Badge>
      </header>
      {app.website && <p className="token-scope">{app.website}</p>}
      <ul className="oauth-scopes">
        {app.scopes.map((scope) => (
          <li key={scope}>{scopeLabel(scope)}</li>
        ))}
      </ul>
      <dl className="token-dates">
        <dt>{t('admin.tokens.app.date.approved')}</dt>
        <dd>{formatDateTime(app.createdAt)}</dd>
        <dt>{t('admin.tokens.date.lastUsed')}</dt>
        <dd>{app.lastUsedAt === null ? t('admin.tokens.date.unused') : formatDateTime(app.lastUsedAt)}</dd>
        {app.revokedAt !== null && (
          <>
            <dt>{t('admin.tokens.date.revoked')}</dt>
            <dd>{formatDateTime(app.revokedAt)}</dd>
          </>
        )}
      </dl>
      {app.revokedAt === null && (
        <div className="token-actions">
          <Button
            kind="dangerous"
            confirm={{
              title: t('admin.tokens.app.revoke.title'),
              message: t('admin.tokens.app.revoke.question', { title: shortTitle(app.name) }),
            }}
            onClick={revoke}
            data-testid="app-revoke"
          >
            {t('admin.tokens.revoke')}
          </Button>
        </div>
      )}
    </section>
  );
};
