import type { WebhookEndpoint } from '@candy/contract/calls/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
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
  const endpoints = useQuery({ queryKey: ['webhooks', 'endpoints'], queryFn: () => call('webhookList') });
  // null: no form; 'new': adding; an endpoint: editing it.
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  return (
    <AdminPage
      title="Webhook"
      actions={
        <Button kind="primary" onClick={() => setEditing('new')} data-testid="hook-add">
          添加端点
        </Button>
      }
    >
      <p className="hook-intro">
        事件发生后向这些地址 POST 一段 JSON，按 Standard Webhooks
        签名（webhook-id、webhook-timestamp、webhook-signature 头）。失败的在 1 分钟、5 分钟、30 分钟、2
        小时后重试。不能填内网地址。
      </p>
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
        <EmptyState>还没有端点。添加一个地址，发布随笔、动态或收到评论时就会通知它。</EmptyState>
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
