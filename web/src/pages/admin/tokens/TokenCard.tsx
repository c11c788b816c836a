import type { ApiToken } from '@candy/contract/calls/tokens';
import type { RouteGroup } from '@candy/contract/routes';
import { TOKEN_MODULES } from '@candy/contract/tokenScope';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { intlTag, t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { Badge, formatDateTime, shortTitle } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/**
 * A route group's name in the back office, translated when shown; a group a token can no longer
 * name (a stored token's, from before a change) shows its key.
 */
export const moduleLabel = (group: string): string =>
  TOKEN_MODULES.includes(group as RouteGroup) ? t(`admin.tokens.module.${group}`) : group;

export const scopeText = (token: Pick<ApiToken, 'scope' | 'modules'>): string =>
  token.scope === 'read'
    ? t('admin.tokens.scope.read')
    : token.scope === 'write'
      ? t('admin.tokens.scope.write')
      : t('admin.tokens.scope.modules', {
          modules: new Intl.ListFormat(intlTag(), { style: 'narrow', type: 'conjunction' }).format(
            token.modules.map(moduleLabel),
          ),
        });

const stateOf = (token: ApiToken, now: number) =>
  token.revokedAt !== null
    ? { tone: 'muted' as const, text: 'admin.tokens.state.revoked' }
    : token.expiresAt !== null && token.expiresAt <= now
      ? { tone: 'muted' as const, text: 'admin.tokens.state.expired' }
      : { tone: 'success' as const, text: 'admin.tokens.state.active' };

/** One token: its name, prefix, scope and dates; revoking asks first. */
export const TokenCard = ({ token }: { token: ApiToken }) => {
  const t = useT();
  const client = useQueryClient();
  const state = stateOf(token, Date.now());
  const revoke = async () => {
    await call('tokenRevoke', { params: { id: token.id } });
    toast.success(t('admin.tokens.revoked'));
    await client.invalidateQueries({ queryKey: ['tokens'] });
  };
  return (
    <section className="token-card" data-testid="token-card">
      <header className="token-card-head">
        <h2 data-content>{token.name}</h2>
        <Badge tone={state.tone}>{t(state.text)}</Badge>
        <code className="token-prefix">{token.prefix}…</code>
      </header>
      <p className="token-scope">{scopeText(token)}</p>
      <dl className="token-dates">
        <dt>{t('admin.tokens.date.created')}</dt>
        <dd>{formatDateTime(token.createdAt)}</dd>
        <dt>{t('admin.tokens.date.expires')}</dt>
        <dd>{token.expiresAt === null ? t('admin.tokens.date.never') : formatDateTime(token.expiresAt)}</dd>
        <dt>{t('admin.tokens.date.lastUsed')}</dt>
        <dd>
          {token.lastUsedAt === null ? t('admin.tokens.date.unused') : formatDateTime(token.lastUsedAt)}
        </dd>
        {token.revokedAt !== null && (
          <>
            <dt>{t('admin.tokens.date.revoked')}</dt>
            <dd>{formatDateTime(token.revokedAt)}</dd>
          </>
        )}
      </dl>
      {token.revokedAt === null && (
        <div className="token-actions">
          <Button
            kind="dangerous"
            confirm={{
              title: t('admin.tokens.revoke.title'),
              message: t('admin.tokens.revoke.question', { title: shortTitle(token.name) }),
            }}
            onClick={revoke}
            data-testid="token-revoke"
          >
            {t('admin.tokens.revoke')}
          </Button>
        </div>
      )}
    </section>
  );
};
