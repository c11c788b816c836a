import type { WebhookEndpoint } from '@candy/contract/calls/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { intlTag } from '../../../i18n/i18n.ts';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
import { Badge, relativeTime, shortTitle } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { DeliveryBadge } from './DeliveryBadge.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';

/** One endpoint: where it points, what it hears, its secret, its last delivery and its log. */
export const EndpointCard = ({ endpoint, onEdit }: { endpoint: WebhookEndpoint; onEdit: () => void }) => {
  const t = useT();
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
    toast.success(t('admin.webhooks.secretCopied'));
  };
  const sendTest = async () => {
    await call('webhookTest', { params: { id: endpoint.id } });
    toast.success(t('admin.webhooks.testQueued'));
    setShowLog(true);
    await client.invalidateQueries({ queryKey: ['webhooks'] });
  };
  const remove = async () => {
    await call('webhookDelete', { params: { id: endpoint.id } });
    toast.success(t('admin.webhooks.deleted'));
    await client.invalidateQueries({ queryKey: ['webhooks'] });
  };

  return (
    <section className="hook-card" data-testid="hook-card">
      <header className="hook-card-head">
        <h2 data-content>{endpoint.name}</h2>
        {endpoint.enabled ? (
          <Badge tone="success">{t('admin.webhooks.enabled')}</Badge>
        ) : (
          <Badge tone="muted">{t('admin.webhooks.disabled')}</Badge>
        )}
        {last ? (
          <span className="hook-last" data-testid="hook-last">
            {rich(
              t,
              'admin.webhooks.last',
              { status: <DeliveryBadge status={last.status} code={last.statusCode} /> },
              { time: relativeTime(last.at) },
            )}
          </span>
        ) : (
          <span className="hook-muted">{t('admin.webhooks.noDeliveries')}</span>
        )}
      </header>
      <p className="hook-url">{endpoint.url}</p>
      <p className="hook-muted">
        {new Intl.ListFormat(intlTag(), { style: 'narrow', type: 'conjunction' }).format(
          endpoint.events.map((type) => t(`admin.webhooks.event.${type}`)),
        )}
      </p>
      <div className="hook-secret">
        <span>{t('admin.webhooks.secret')}</span>
        <code data-testid="hook-secret">{showSecret && secret ? secret : 'whsec_••••••••'}</code>
        <Button kind="text" onClick={toggleSecret}>
          {showSecret ? t('admin.webhooks.secret.hide') : t('admin.webhooks.secret.show')}
        </Button>
        <Button kind="text" onClick={copySecret} data-testid="hook-copy">
          {t('admin.webhooks.secret.copy')}
        </Button>
      </div>
      <div className="hook-actions">
        <Button onClick={sendTest} data-testid="hook-test">
          {t('admin.webhooks.test')}
        </Button>
        <Button onClick={onEdit}>{t('admin.webhooks.edit')}</Button>
        <Button kind="text" onClick={() => setShowLog((v) => !v)} data-testid="hook-log-toggle">
          {showLog ? t('admin.webhooks.log.hide') : t('admin.webhooks.log')}
        </Button>
        <Button
          kind="dangerous"
          confirm={{
            title: t('admin.webhooks.delete.title'),
            message: endpoint.name.trim()
              ? t('admin.webhooks.delete.question', { title: shortTitle(endpoint.name) })
              : t('admin.webhooks.delete.question.unnamed'),
          }}
          onClick={remove}
          data-testid="hook-delete"
        >
          {t('admin.webhooks.delete')}
        </Button>
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
    </section>
  );
};
