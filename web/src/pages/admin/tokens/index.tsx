import type { CreatedToken } from '@candy/contract/calls/tokens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { AdminPage, EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { AppList } from './AppList.tsx';
import { NewSecret } from './NewSecret.tsx';
import { TokenCard } from './TokenCard.tsx';
import { TokenForm } from './TokenForm.tsx';
import './tokens.css';

/**
 * API 令牌 (issue 26.4): named tokens for scripts, sent as `Authorization: Bearer`, each limited to
 * reading, writing, or writing within chosen modules. A new token's secret is shown once, here.
 */
export default function Page() {
  const tokens = useQuery({ queryKey: ['tokens'], queryFn: () => call('tokenList') });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <AdminPage
      title="API 令牌"
      actions={
        <Button
          kind="primary"
          onClick={() => {
            setCreated(null);
            setAdding(true);
          }}
          data-testid="token-add"
        >
          新建令牌
        </Button>
      }
    >
      <p className="token-intro">
        脚本和其他程序用令牌代替登录：请求头写 <code>Authorization: Bearer cj_…</code>
        。令牌按权限范围使用后台接口，但永远不能修改安全设置（通行密钥、两步验证、令牌、密码、Webhook）。
      </p>
      {created && <NewSecret token={created} onDone={() => setCreated(null)} />}
      {adding && (
        <TokenForm
          onCreated={(token) => {
            setAdding(false);
            setCreated(token);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {tokens.isPending ? (
        <LoadingState />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <EmptyState>还没有令牌。新建一个，给备份脚本或发布工具使用。</EmptyState>
      ) : (
        <div className="token-list">
          {tokens.data.map((token) => (
            <TokenCard key={token.id} token={token} />
          ))}
        </div>
      )}
      <AppList />
    </AdminPage>
  );
}
