import { type ChannelView, channelSettings, type PushChannel } from '@candy/contract/calls/push';

/** A channel's settings as stored (JSON in its row), hidden `_` keys included. */
export type StoredSettings = Record<string, string>;

export const secretKeys = (channel: PushChannel): string[] =>
  channelSettings[channel].fields.filter((f) => 'secret' in f && f.secret).map((f) => f.key);

/** `••••` and the last four characters of a long secret: enough to recognise, not to use. */
const mask = (value: string) => (value.length >= 12 ? `••••${value.slice(-4)}` : '••••');

/** A channel as the owner's page shows it: settings with secrets masked, never the secrets. */
export const view = (
  channel: PushChannel,
  row?: { enabled: boolean; settings: StoredSettings; updatedAt: number },
): ChannelView => {
  const secrets = secretKeys(channel);
  const settings: Record<string, string> = {};
  const secretsSet: string[] = [];
  for (const field of channelSettings[channel].fields) {
    const value = row?.settings[field.key] ?? '';
    if (secrets.includes(field.key)) {
      if (value) secretsSet.push(field.key);
      settings[field.key] = value ? mask(value) : '';
    } else settings[field.key] = value;
  }
  return {
    channel,
    enabled: row?.enabled ?? false,
    configured: row !== undefined && channelSettings[channel].schema.safeParse(row.settings).success,
    settings,
    secretsSet,
    updatedAt: row?.updatedAt ?? null,
  };
};
