import {
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  WebhookEndpointInput,
  type WebhookEventType,
} from '@candy/contract/calls/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

const eventTypes = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** Adds an endpoint (`editing` null) or changes one; checked with the contract's schema first. */
export const EndpointForm = ({
  editing,
  onDone,
}: {
  editing: WebhookEndpoint | null;
  onDone: () => void;
}) => {
  const client = useQueryClient();
  const form = useZodForm(WebhookEndpointInput, {
    name: editing?.name ?? '',
    url: editing?.url ?? '',
    events: editing?.events ?? ['essay.published'],
    enabled: editing?.enabled ?? true,
  });
  const chosen = new Set(form.values.events);

  const save = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      if (editing) await call('webhookUpdate', { params: { id: editing.id }, body });
      else await call('webhookCreate', { body });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, /\.\d+$/));
      throw error;
    }
    toast.success(editing ? '已保存' : '已添加，密钥见端点卡片');
    await client.invalidateQueries({ queryKey: ['webhooks'] });
    onDone();
  };

  return (
    <form
      className="hook-form"
      data-testid="hook-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save().catch(() => {});
      }}
    >
      <h2>{editing ? `编辑「${editing.name}」` : '添加端点'}</h2>
      <Field label="名称" error={form.errors.name}>
        <input
          value={form.values.name}
          maxLength={60}
          onChange={(e) => form.set('name', e.target.value)}
          data-testid="hook-name"
        />
      </Field>
      <Field label="地址" error={form.errors.url}>
        <input
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhook"
          value={form.values.url}
          onChange={(e) => form.set('url', e.target.value)}
          data-testid="hook-url"
        />
      </Field>
      <fieldset className="hook-events">
        <legend>事件</legend>
        {eventTypes.map((type) => (
          <label key={type}>
            <input
              type="checkbox"
              checked={chosen.has(type)}
              onChange={(e) =>
                form.set(
                  'events',
                  e.target.checked ? [...chosen, type] : [...chosen].filter((t) => t !== type),
                )
              }
            />
            {WEBHOOK_EVENTS[type]}
          </label>
        ))}
        {form.errors.events && <span className="field-error">{form.errors.events}</span>}
      </fieldset>
      <label className="hook-enabled">
        <input
          type="checkbox"
          checked={form.values.enabled ?? true}
          onChange={(e) => form.set('enabled', e.target.checked)}
        />
        启用
      </label>
      <div className="hook-form-actions">
        <Button kind="primary" onClick={save} data-testid="hook-save">
          保存
        </Button>
        <Button kind="text" onClick={onDone}>
          取消
        </Button>
      </div>
    </form>
  );
};
