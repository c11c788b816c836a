import { NewsletterSettings, rateRange } from '@candy/contract/calls/newsletter';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '../../../app/router.tsx';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
import { Badge, ErrorState, Field, LoadingState, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

export const settingsQuery = {
  queryKey: ['newsletter', 'settings'] as const,
  queryFn: () => call('newsletterSettings'),
};

/** How fast mail goes out (what the SMTP account allows) and whether a new essay is mailed at once. */
export const SendSettings = () => {
  const t = useT();
  const client = useQueryClient();
  const settings = useQuery(settingsQuery);
  const form = useZodForm(NewsletterSettings, { ratePerMinute: rateRange.default, autoSend: true });
  const { reset } = form;
  const data = settings.data;
  useEffect(() => {
    if (data) reset({ ratePerMinute: data.ratePerMinute, autoSend: data.autoSend });
  }, [data, reset]);

  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => settings.refetch()} />;

  const save = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      const saved = await call('newsletterSettingsUpdate', { body });
      client.setQueryData(settingsQuery.queryKey, saved);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      throw error;
    }
    toast.success(t('admin.subscribers.settings.saved'));
  };

  return (
    <form className="subs-panel" onSubmit={(event) => event.preventDefault()} data-testid="subs-settings">
      <dl className="subs-mail">
        <div>
          <dt>{t('admin.subscribers.settings.mail')}</dt>
          <dd>
            {settings.data.mailReady ? (
              <Badge tone="success">{t('admin.subscribers.settings.mail.ready')}</Badge>
            ) : (
              <>
                <Badge tone="warning">{t('admin.subscribers.settings.mail.missing')}</Badge>{' '}
                {rich(t, 'admin.subscribers.settings.mail.where', {
                  push: <Link to="/great-old-one/mpush">{t('admin.subscribers.settings.mail.push')}</Link>,
                })}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admin.subscribers.settings.from')}</dt>
          <dd>{settings.data.from ?? '—'}</dd>
        </div>
        <div>
          <dt>DKIM</dt>
          <dd>
            {settings.data.dkim
              ? t('admin.subscribers.settings.dkim.yes')
              : t('admin.subscribers.settings.dkim.no')}
          </dd>
        </div>
      </dl>
      <Field label={t('admin.subscribers.settings.rate')} error={form.errors.ratePerMinute}>
        <input
          type="number"
          inputMode="numeric"
          min={rateRange.min}
          max={rateRange.max}
          value={Number.isNaN(form.values.ratePerMinute) ? '' : form.values.ratePerMinute}
          onChange={(event) => form.set('ratePerMinute', event.target.valueAsNumber)}
          data-testid="subs-rate"
        />
      </Field>
      <label className="subs-check">
        <input
          type="checkbox"
          checked={form.values.autoSend}
          onChange={(event) => form.set('autoSend', event.target.checked)}
          data-testid="subs-auto"
        />
        {t('admin.subscribers.settings.auto')}
      </label>
      <p className="subs-hint">{t('admin.subscribers.settings.auto.hint')}</p>
      <div className="subs-actions">
        <Button kind="primary" onClick={save} data-testid="subs-settings-save">
          {t('admin.subscribers.settings.save')}
        </Button>
      </div>
    </form>
  );
};
