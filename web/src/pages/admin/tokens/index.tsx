import type { CreatedToken } from '@candy/contract/calls/tokens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
  const tokens = useQuery({ queryKey: ['tokens'], queryFn: () => call('tokenList') });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <AdminPage
      title={t('admin.title.tokens')}
      actions={
        <Button
          kind="primary"
          onClick={() => {
            setCreated(null);
            setAdding(true);
          }}
          data-testid="token-add"
        >
          {t('admin.tokens.add')}
        </Button>
      }
    >
      <p className="token-intro">
        {rich(t, 'admin.tokens.intro', { header: <code>Authorization: Bearer cj_…</code> })}
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
        <EmptyState>{t('admin.tokens.empty')}</EmptyState>
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
