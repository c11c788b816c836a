import type { WebhookDeliveryStatus } from '@candy/contract/calls/webhooks';
import { useT } from '../../../i18n/useT.ts';
import { Badge, type BadgeTone } from '../../../ui/adminKit/index.ts';

const TONES: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'danger',
};

export const DeliveryBadge = ({ status, code }: { status: WebhookDeliveryStatus; code?: number | null }) => {
  const t = useT();
  return (
    <Badge tone={TONES[status]}>
      {t(`admin.webhooks.status.${status}`)}
      {code ? ` ${code}` : ''}
    </Badge>
  );
};
