import type { ApiToken } from '@candy/contract/calls/tokens';
import { tokenModuleLabel } from '@candy/contract/tokenScope';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { Badge, destroyQuestion, formatDateTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

export const scopeText = (token: Pick<ApiToken, 'scope' | 'modules'>): string =>
  token.scope === 'read'
    ? '只读'
    : token.scope === 'write'
      ? '读写（全部模块）'
      : `读取全部；写入：${token.modules.map(tokenModuleLabel).join('、')}`;

const stateOf = (token: ApiToken, now: number) =>
  token.revokedAt !== null
    ? { tone: 'muted' as const, text: '已撤销' }
    : token.expiresAt !== null && token.expiresAt <= now
      ? { tone: 'muted' as const, text: '已过期' }
      : { tone: 'success' as const, text: '有效' };

/** One token: its name, prefix, scope and dates; revoking asks first. */
export const TokenCard = ({ token }: { token: ApiToken }) => {
  const client = useQueryClient();
  const state = stateOf(token, Date.now());
  const revoke = async () => {
    await call('tokenRevoke', { params: { id: token.id } });
    toast.success('令牌已撤销');
    await client.invalidateQueries({ queryKey: ['tokens'] });
  };
  return (
    <section className="token-card" data-testid="token-card">
      <header className="token-card-head">
        <h2>{token.name}</h2>
        <Badge tone={state.tone}>{state.text}</Badge>
        <code className="token-prefix">{token.prefix}…</code>
      </header>
      <p className="token-scope">{scopeText(token)}</p>
      <dl className="token-dates">
        <dt>创建</dt>
        <dd>{formatDateTime(token.createdAt)}</dd>
        <dt>过期</dt>
        <dd>{token.expiresAt === null ? '永不' : formatDateTime(token.expiresAt)}</dd>
        <dt>上次使用</dt>
        <dd>{token.lastUsedAt === null ? '从未使用' : formatDateTime(token.lastUsedAt)}</dd>
        {token.revokedAt !== null && (
          <>
            <dt>撤销</dt>
            <dd>{formatDateTime(token.revokedAt)}</dd>
          </>
        )}
      </dl>
      {token.revokedAt === null && (
        <div className="token-actions">
          <Button
            kind="dangerous"
            confirm={{
              title: '撤销令牌',
              message: destroyQuestion(
                '撤销',
                '令牌',
                { title: token.name },
                '使用它的脚本会立刻失去权限，无法恢复。',
              ),
            }}
            onClick={revoke}
            data-testid="token-revoke"
          >
            撤销
          </Button>
        </div>
      )}
    </section>
  );
};
