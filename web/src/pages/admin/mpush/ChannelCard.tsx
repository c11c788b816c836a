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
import { Badge, Field, formatDateTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { toast } from '../../../ui/toast.tsx';
import { ResultBadge } from './ResultBadge.tsx';

const TEST_MESSAGE = {
  title: '糖果罐测试消息',
  body: '收到这条，说明推送通道可用。',
  url: '/great-old-one/mpush',
  level: 'info',
} as const;

/** One channel: its fields (secrets write-only), the switch, save and a one-click test. */
export const ChannelCard = ({ view, extra }: { view: ChannelView; extra?: React.ReactNode }) => {
  const client = useQueryClient();
  const definition = channelSettings[view.channel];
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
      for (const issue of checked.error.issues) next[String(issue.path[0])] ??= issue.message;
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
      body: TEST_MESSAGE,
    });
    const [answer] = results;
    setResult(answer ?? null);
    if (answer?.outcome === 'ok') toast.success(`${definition.label}：已发送`);
    await client.invalidateQueries({ queryKey: ['push', 'history'] });
  };

  return (
    <section className="push-channel" data-testid="push-channel" data-channel={view.channel}>
      <header className="push-channel-head">
        <h2>{definition.label}</h2>
        {!view.configured ? (
          <Badge tone="muted">未配置</Badge>
        ) : enabled ? (
          <Badge tone="success">已启用</Badge>
        ) : (
          <Badge tone="warning">已停用</Badge>
        )}
        <span className="push-channel-switch">
          <Switch
            checked={enabled}
            label="启用"
            disabled={!view.configured}
            disabledReason="先填好设置并保存，才能启用"
            onChange={async (next) => {
              if (await save(next)) toast.success(next ? '已启用' : '已停用');
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
              label={`${field.label}${'required' in field && field.required ? ' *' : ''}`}
              error={errors[field.key]}
            >
              <input
                className="input"
                name={field.key}
                type={secret ? 'password' : 'text'}
                autoComplete={secret ? 'new-password' : 'off'}
                placeholder={
                  stored
                    ? `已保存 ${view.settings[field.key]}，留空不变`
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
              {'hint' in field && field.hint && <small className="push-hint">{field.hint}</small>}
            </Field>
          );
        })}
      </form>
      {extra}
      <footer className="push-channel-actions">
        <Button
          kind="primary"
          onClick={async () => {
            if (await save()) toast.success('已保存');
          }}
          data-testid="push-save"
        >
          保存
        </Button>
        <Button
          onClick={test}
          disabled={!view.configured}
          disabledReason="这个渠道还没有配置"
          data-testid="push-test"
        >
          测试
        </Button>
        {result && <ResultBadge result={result} />}
        {view.updatedAt && <small className="push-updated">保存于 {formatDateTime(view.updatedAt)}</small>}
      </footer>
    </section>
  );
};

export type { PushChannel };
