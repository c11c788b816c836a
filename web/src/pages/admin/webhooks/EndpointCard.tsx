import { WEBHOOK_EVENTS, type WebhookEndpoint } from '@candy/contract/calls/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { Badge, destroyQuestion, relativeTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { DeliveryBadge } from './DeliveryBadge.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';

/** One endpoint: where it points, what it hears, its secret, its last delivery and its log. */
export const EndpointCard = ({ endpoint, onEdit }: { endpoint: WebhookEndpoint; onEdit: () => void }) => {
  const client = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  // Asked for when wanted: a security setting, so an old login is asked to confirm first (4037).
  const [secret, setSecret] = useState<string | null>(null);
  const [showSecret, setShowSecret] = useState(false);
  const last = endpoint.lastDelivery;

  const revealed = async (): Promise<string> => {
    if (secret) return secret;
    const answer = await call('webhookSecret', { params: { id: endpoint.id } });
    setSecret(answer.secret);
    return answer.secret;
  };
  const toggleSecret = async () => {
    if (!showSecret) await revealed();
    setShowSecret((v) => !v);
  };
  const copySecret = async () => {
    await navigator.clipboard.writeText(await revealed());
    toast.success('密钥已复制');
  };
  const sendTest = async () => {
    await call('webhookTest', { params: { id: endpoint.id } });
    toast.success('测试事件已排队');
    setShowLog(true);
    await client.invalidateQueries({ queryKey: ['webhooks'] });
  };
  const remove = async () => {
    await call('webhookDelete', { params: { id: endpoint.id } });
    toast.success('已删除');
    await client.invalidateQueries({ queryKey: ['webhooks'] });
  };

  return (
    <section className="hook-card" data-testid="hook-card">
      <header className="hook-card-head">
        <h2>{endpoint.name}</h2>
        {endpoint.enabled ? <Badge tone="success">已启用</Badge> : <Badge tone="muted">已停用</Badge>}
        {last ? (
          <span className="hook-last" data-testid="hook-last">
            上次投递 <DeliveryBadge status={last.status} code={last.statusCode} /> {relativeTime(last.at)}
          </span>
        ) : (
          <span className="hook-muted">还没有投递</span>
        )}
      </header>
      <p className="hook-url">{endpoint.url}</p>
      <p className="hook-muted">{endpoint.events.map((type) => WEBHOOK_EVENTS[type]).join('、')}</p>
      <div className="hook-secret">
        <span>签名密钥</span>
        <code data-testid="hook-secret">{showSecret && secret ? secret : 'whsec_••••••••'}</code>
        <Button kind="text" onClick={toggleSecret}>
          {showSecret ? '隐藏' : '显示'}
        </Button>
        <Button kind="text" onClick={copySecret} data-testid="hook-copy">
          复制
        </Button>
      </div>
      <div className="hook-actions">
        <Button onClick={sendTest} data-testid="hook-test">
          发送测试
        </Button>
        <Button onClick={onEdit}>编辑</Button>
        <Button kind="text" onClick={() => setShowLog((v) => !v)} data-testid="hook-log-toggle">
          {showLog ? '收起投递记录' : '投递记录'}
        </Button>
        <Button
          kind="dangerous"
          confirm={{
            title: '删除端点',
            message: destroyQuestion(
              '删除',
              '端点',
              endpoint.name ? { title: endpoint.name } : {},
              '它的投递记录一并删除。',
            ),
          }}
          onClick={remove}
          data-testid="hook-delete"
        >
          删除
        </Button>
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
    </section>
  );
};
