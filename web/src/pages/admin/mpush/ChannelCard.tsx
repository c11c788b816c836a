import {
  type ChannelResult,
  type ChannelView,
  channelSettings,
  type PushChannel,
} from '@candy/contract/calls/push';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { issueText } from '../../../i18n/contractWords.ts';
import { t as translate } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { Badge, Field, formatDateTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { toast } from '../../../ui/toast.tsx';
import { ResultBadge } from './ResultBadge.tsx';

/** The test message, in the language the owner reads when sending it. */
const testMessage = () =>
  ({
    title: translate('admin.push.test.title'),
    body: translate('admin.push.test.body'),
    url: '/great-old-one/mpush',
    level: 'info',
  }) as const;

/** One channel: its fields (secrets write-only), the switch, save and a one-click test. */
export const ChannelCard = ({ view, extra }: { view: ChannelView; extra?: React.ReactNode }) => {
  const t = useT();
  const client = useQueryClient();
  const definition = channelSettings[view.channel];
  const label = t(`admin.push.channel.${view.channel}`);
  const secretKeys: string[] = definition.fields.filter((f) => 'secret' in f && f.secret).map((f) => f.key);
  const [values, setValues] = useState<Record<string, string>>(() =>
    // Secret inputs start empty: the stored value is never sent back.
    Object.fromEntries(
      definition.fields.map((f) => [f.key, 'secret' in f && f.secret ? '' : (view.settings[f.key] ?? '')]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [enabled, setEnabled] = useState(view.enabled);
  const [result, setResult] = useState<ChannelResult | null>(null);

  /** Checked with the contract's schema first; a stored secret left empty counts as present. */
  const validate = (): boolean => {
    const candidate = Object.fromEntries(
      definition.fields.map((f) => [
        f.key,
        values[f.key] || (view.secretsSet.includes(f.key) ? 'stored' : ''),
      ]),
    );
    const checked = definition.schema.safeParse(candidate);
    const next: Record<string, string> = {};
    if (!checked.success)
      for (const issue of checked.error.issues) next[String(issue.path[0])] ??= issueText(issue);
    setErrors(next);
    return checked.success;
  };

  // A channel saved for the first time is switched on: that is why it is being set up.
  const save = async (nextEnabled = enabled || !view.configured) => {
    if (!validate()) return false;
    try {
      await call('pushChannelUpdate', {
        params: { channel: view.channel },
        body: { enabled: nextEnabled, settings: values },
      });
    } catch (error) {
      setErrors(fieldErrorsOf(error, /^settings\./));
      throw error;
    }
    setEnabled(nextEnabled);
    // Saved secrets leave the form: they show as masked placeholders from now on.
    setValues((v) => ({ ...v, ...Object.fromEntries(secretKeys.map((key) => [key, ''])) }));
    await client.invalidateQueries({ queryKey: ['push'] });
    return true;
  };

  const test = async () => {
    const { results } = await call('messageSend', {
      params: { channel: view.channel, action: 'test' },
      body: testMessage(),
    });
    const [answer] = results;
    setResult(answer ?? null);
    if (answer?.outcome === 'ok') toast.success(t('admin.push.channel.sent', { channel: label }));
    await client.invalidateQueries({ queryKey: ['push', 'history'] });
  };

  return (
    <section className="push-channel" data-testid="push-channel" data-channel={view.channel}>
      <header className="push-channel-head">
        <h2>{label}</h2>
        {!view.configured ? (
          <Badge tone="muted">{t('admin.push.channel.unset')}</Badge>
        ) : enabled ? (
          <Badge tone="success">{t('admin.push.channel.on')}</Badge>
        ) : (
          <Badge tone="warning">{t('admin.push.channel.off')}</Badge>
        )}
        <span className="push-channel-switch">
          <Switch
            checked={enabled}
            label={t('admin.push.channel.enable')}
            disabled={!view.configured}
            disabledReason={t('admin.push.channel.enable.why')}
            onChange={async (next) => {
              if (await save(next))
                toast.success(next ? t('admin.push.channel.on') : t('admin.push.channel.off'));
            }}
          />
        </span>
      </header>
      <form
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        {definition.fields.map((field) => {
          const secret = 'secret' in field && field.secret;
          const stored = secret && view.secretsSet.includes(field.key);
          return (
            <Field
              key={field.key}
              label={`${t(`admin.push.field.${view.channel}.${field.key}`)}${'required' in field && field.required ? ' *' : ''}`}
              error={errors[field.key]}
            >
              <input
                className="input"
                name={field.key}
                type={secret ? 'password' : 'text'}
                autoComplete={secret ? 'new-password' : 'off'}
                placeholder={
                  stored
                    ? t('admin.push.channel.stored', { masked: view.settings[field.key] })
                    : 'placeholder' in field
                      ? field.placeholder
                      : ''
                }
                value={values[field.key] ?? ''}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((v) => ({ ...v, [field.key]: value }));
                  setErrors(({ [field.key]: _, ...rest }) => rest);
                }}
              />
              {'hint' in field && field.hint && (
                <small className="push-hint">{t(`admin.push.field.${view.channel}.${field.key}.hint`)}</small>
              )}
            </Field>
          );
        })}
      </form>
      {extra}
      <footer className="push-channel-actions">
        <Button
          kind="primary"
          onClick={async () => {
            if (await save()) toast.success(t('admin.push.channel.saved'));
          }}
          data-testid="push-save"
        >
          {t('admin.push.channel.save')}
        </Button>
        <Button
          onClick={test}
          disabled={!view.configured}
          disabledReason={t('admin.push.channel.test.why')}
          data-testid="push-test"
        >
          {t('admin.push.channel.test')}
        </Button>
        {result && <ResultBadge result={result} />}
        {view.updatedAt && (
          <small className="push-updated">
            {t('admin.push.channel.savedAt', { time: formatDateTime(view.updatedAt) })}
          </small>
        )}
      </footer>
    </section>
  );
};

export type { PushChannel };
