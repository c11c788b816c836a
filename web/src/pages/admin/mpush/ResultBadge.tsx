import type { ChannelResult } from '@candy/contract/calls/push';
import { channelSettings } from '@candy/contract/calls/push';
import { Badge } from '../../../ui/adminKit/index.ts';

/** How one channel fared with one message. */
export const ResultBadge = ({ result, named = false }: { result: ChannelResult; named?: boolean }) => {
  const name = named ? `${channelSettings[result.channel].label} ` : '';
  const text =
    result.outcome === 'ok'
      ? `${name}成功${result.detail ? `（${result.detail}）` : ''} · ${result.ms} ms`
      : result.outcome === 'failed'
        ? `${name}失败：${result.detail}`
        : `${name}${result.detail}`;
  return (
    <span title={result.detail || undefined} data-testid="push-result" data-outcome={result.outcome}>
      <Badge tone={result.outcome === 'ok' ? 'success' : result.outcome === 'failed' ? 'danger' : 'muted'}>
        {text}
      </Badge>
    </span>
  );
};
