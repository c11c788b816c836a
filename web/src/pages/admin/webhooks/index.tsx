import type { WebhookEndpoint } from '@candy/contract/calls/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EndpointCard } from './EndpointCard.tsx';
import { EndpointForm } from './EndpointForm.tsx';
import './webhooks.css';

/**
 * Webhook (issue 26.5): the owner's endpoints, each told of the events it chose with a signed POST
 * (Standard Webhooks); the delivery log shows every attempt and can send one again.
 */
export default function Page() {
  const t = useT();
  const endpoints = useQuery({ queryKey: ['webhooks', 'endpoints'], queryFn: () => call('webhookList') });
  // null: no form; 'new': adding; an endpoint: editing it.
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  return (
    <AdminPage
      title={t('admin.title.webhooks')}
      actions={
        <Button kind="primary" onClick={() => setEditing('new')} data-testid="hook-add">
          {t('admin.webhooks.add')}
        </Button>
      }
    >
      <p className="hook-intro">{t('admin.webhooks.intro')}</p>
      {editing !== null && (
        <EndpointForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {endpoints.isPending ? (
        <LoadingState />
      ) : endpoints.isError ? (
        <ErrorState error={endpoints.error} onRetry={() => endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState>{t('admin.webhooks.empty')}</EmptyState>
      ) : (
        <div className="hook-list">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onEdit={() => setEditing(endpoint)} />
          ))}
        </div>
      )}
    </AdminPage>
  );
}
