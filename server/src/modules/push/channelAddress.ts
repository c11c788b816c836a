import type { PushChannel } from '@candy/contract/calls/push';
import type { Message } from '../../i18n/said.ts';
import { type Outbound, OutboundError } from '../../net/outbound.ts';

/**
 * Where a channel's settings point that the outbound policy refuses, checked when they are saved,
 * so the owner hears it at the field; the send-time check at the socket still holds for names that
 * resolve elsewhere later. E-mail: its SMTP host; the others: their `url` or `server`.
 */
export const channelAddressProblem = async (
  outbound: Pick<Outbound, 'pinnedAddress' | 'urlProblem'>,
  channel: PushChannel,
  settings: Record<string, unknown>,
): Promise<{ field: string; message: Message } | null> => {
  if (channel === 'email') {
    const host = String(settings.host ?? '');
    try {
      await outbound.pinnedAddress(host);
    } catch (error) {
      // A name that does not resolve yet is let through, as for webhooks.
      if (error instanceof OutboundError && error.kind === 'refused')
        return { field: 'host', message: error.said };
    }
    return null;
  }
  for (const field of ['url', 'server']) {
    const value = settings[field];
    if (typeof value !== 'string' || !value) continue;
    const problem = await outbound.urlProblem(value);
    if (problem) return { field, message: problem };
  }
  return null;
};
