import { NewsletterSettings, rateRange } from '@candy/contract/calls/newsletter';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '../../../app/router.tsx';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { Badge, ErrorState, Field, LoadingState, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

export const settingsQuery = {
  queryKey: ['newsletter', 'settings'] as const,
  queryFn: () => call('newsletterSettings'),
};

/** How fast mail goes out (what the SMTP account allows) and whether a new essay is mailed at once. */
export const SendSettings = () => {
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
    toast.success('已保存');
  };

  return (
    <form className="subs-panel" onSubmit={(event) => event.preventDefault()} data-testid="subs-settings">
      <dl className="subs-mail">
        <div>
          <dt>发信</dt>
          <dd>
            {settings.data.mailReady ? (
              <Badge tone="success">已设置</Badge>
            ) : (
              <>
                <Badge tone="warning">未设置</Badge> 在 <Link to="/great-old-one/mpush">推送</Link>{' '}
                页设置邮件渠道后，访客才能订阅
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>发件人</dt>
          <dd>{settings.data.from ?? '—'}</dd>
        </div>
        <div>
          <dt>DKIM</dt>
          <dd>{settings.data.dkim ? '已配置' : '未配置（见 README 的 SPF/DKIM/DMARC）'}</dd>
        </div>
      </dl>
      <Field label="每分钟最多发送（封）" error={form.errors.ratePerMinute}>
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
        随笔公开时自动发送给订阅者
      </label>
      <p className="subs-hint">关掉后，新随笔在“发送记录”里等你点“发送”。确认邮件和随笔共用这个速率。</p>
      <div className="subs-actions">
        <Button kind="primary" onClick={save} data-testid="subs-settings-save">
          保存
        </Button>
      </div>
    </form>
  );
};
