import type { ChannelResult } from '@candy/contract/calls/push';
import type { ReactNode } from 'react';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
import { Badge } from '../../../ui/adminKit/index.ts';

/**
 * How one channel fared with one message. The detail is the server's record, written in the site's
 * language when the message went out (an error, 未配置): kept as it was, marked as content.
 */
export const ResultBadge = ({ result, named = false }: { result: ChannelResult; named?: boolean }) => {
  const t = useT();
  const detail = <span data-content>{result.detail}</span>;
  const outcome: ReactNode =
    result.outcome === 'ok'
      ? result.detail
        ? rich(t, 'admin.push.result.ok.detail', { detail }, { ms: result.ms })
        : t('admin.push.result.ok', { ms: result.ms })
      : result.outcome === 'failed'
        ? rich(t, 'admin.push.result.failed', { detail })
        : detail;
  const text = named
    ? rich(
        t,
        'admin.push.result.named',
        { result: outcome },
        { channel: t(`admin.push.channel.${result.channel}`) },
      )
    : outcome;
  return (
    <span title={result.detail || undefined} data-testid="push-result" data-outcome={result.outcome}>
      <Badge tone={result.outcome === 'ok' ? 'success' : result.outcome === 'failed' ? 'danger' : 'muted'}>
        {text}
      </Badge>
    </span>
  );
};
