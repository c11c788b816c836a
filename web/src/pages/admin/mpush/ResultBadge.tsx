import type { ChannelResult } from '@candy/contract/calls/push';
import { useT } from '../../../i18n/useT.ts';
import { Badge } from '../../../ui/adminKit/index.ts';

/** How one channel fared with one message. */
export const ResultBadge = ({ result, named = false }: { result: ChannelResult; named?: boolean }) => {
  const t = useT();
  const outcome =
    result.outcome === 'ok'
      ? result.detail
        ? t('admin.push.result.ok.detail', { detail: result.detail, ms: result.ms })
        : t('admin.push.result.ok', { ms: result.ms })
      : result.outcome === 'failed'
        ? t('admin.push.result.failed', { detail: result.detail })
        : result.detail;
  const text = named
    ? t('admin.push.result.named', { channel: t(`admin.push.channel.${result.channel}`), result: outcome })
    : outcome;
  return (
    <span title={result.detail || undefined} data-testid="push-result" data-outcome={result.outcome}>
      <Badge tone={result.outcome === 'ok' ? 'success' : result.outcome === 'failed' ? 'danger' : 'muted'}>
        {text}
      </Badge>
    </span>
  );
};
