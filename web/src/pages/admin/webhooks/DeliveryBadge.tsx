import type { WebhookDeliveryStatus } from '@candy/contract/calls/webhooks';
import { Badge, type BadgeTone } from '../../../ui/adminKit/index.ts';

const LOOK: Record<WebhookDeliveryStatus, [BadgeTone, string]> = {
  pending: ['info', '排队中'],
  succeeded: ['success', '成功'],
  failed: ['danger', '失败'],
};

export const DeliveryBadge = ({ status, code }: { status: WebhookDeliveryStatus; code?: number | null }) => {
  const [tone, text] = LOOK[status];
  return (
    <Badge tone={tone}>
      {text}
      {code ? ` ${code}` : ''}
    </Badge>
  );
};
