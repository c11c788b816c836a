import {
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  WebhookEndpointInput,
  type WebhookEventType,
} from '@candy/contract/calls/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

const eventTypes: readonly WebhookEventType[] = WEBHOOK_EVENTS;

/** Adds an endpoint (`editing` null) or changes one; checked with the contract's schema first. */
export const EndpointForm = ({
  editing,
  onDone,
}: {
  editing: WebhookEndpoint | null;
  onDone: () => void;
}) => {
  const t = useT();
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
    toast.success(editing ? t('admin.webhooks.form.saved') : t('admin.webhooks.form.added'));
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
      <h2>
        {editing
          ? rich(t, 'admin.webhooks.form.edit', { name: <span data-content>{editing.name}</span> })
          : t('admin.webhooks.add')}
      </h2>
      <Field label={t('admin.webhooks.form.name')} error={form.errors.name}>
        <input
          value={form.values.name}
          maxLength={60}
          onChange={(e) => form.set('name', e.target.value)}
          data-testid="hook-name"
        />
      </Field>
      <Field label={t('admin.webhooks.form.url')} error={form.errors.url}>
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
        <legend>{t('admin.webhooks.form.events')}</legend>
        {eventTypes.map((type) => (
          <label key={type}>
            <input
              type="checkbox"
              checked={chosen.has(type)}
              onChange={(e) =>
                form.set(
                  'events',
                  e.target.checked ? [...chosen, type] : [...chosen].filter((other) => other !== type),
                )
              }
            />
            {t(`admin.webhooks.event.${type}`)}
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
        {t('admin.webhooks.form.enabled')}
      </label>
      <div className="hook-form-actions">
        <Button kind="primary" onClick={save} data-testid="hook-save">
          {t('admin.webhooks.form.save')}
        </Button>
        <Button kind="text" onClick={onDone}>
          {t('admin.webhooks.form.cancel')}
        </Button>
      </div>
    </form>
  );
};
