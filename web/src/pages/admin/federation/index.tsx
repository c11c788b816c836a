import { FederationSettings } from '@candy/contract/calls/federation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { issueText } from '../../../i18n/contractWords.ts';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, ErrorState, Field, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { FederationLists } from './FederationLists.tsx';
import './federation.css';

/**
 * 联邦宇宙 (issue 29.5): the account others follow (handle, name, site address, approval), its
 * followers and follow requests, blocks, and the delivery queue.
 */
export default function Page() {
  const t = useT();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: ['federation', 'settings'],
    queryFn: () => call('federationSettings'),
  });
  const [form, setForm] = useState<FederationSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) setForm(settings.data);
  }, [settings.data]);

  const save = async () => {
    if (!form) return;
    // Checked with the contract's schema first, the server's refusals placed at their fields too.
    const checked = FederationSettings.safeParse(form);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), issueText(i)])));
      return;
    }
    try {
      await call('federationSettingsUpdate', { body: checked.data });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      throw error;
    }
    setErrors({});
    toast(t('admin.federation.saved'), { type: 'success' });
    await client.invalidateQueries({ queryKey: ['federation'] });
  };

  return (
    <AdminPage title={t('admin.title.federation')}>
      {settings.isPending || !form ? (
        settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : (
        <form
          className="fed-settings"
          data-testid="fed-settings"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Field label={t('admin.federation.handle')} error={errors.handle}>
            <input
              className="input"
              value={form.handle}
              placeholder="owner"
              onChange={(e) => setForm({ ...form, handle: e.target.value })}
            />
          </Field>
          <Field label={t('admin.federation.displayName')} error={errors.displayName}>
            <input
              className="input"
              value={form.displayName}
              onChange={(e) => setForm({ ...form, displayName: e.target.value })}
            />
          </Field>
          <Field label={t('admin.federation.origin')} error={errors.origin}>
            <input
              className="input"
              type="url"
              value={form.origin}
              placeholder="https://example.com"
              onChange={(e) => setForm({ ...form, origin: e.target.value })}
            />
          </Field>
          <Field label={t('admin.federation.follows')}>
            <span className="fed-check">
              <input
                type="checkbox"
                checked={form.manualApproval}
                onChange={(e) => setForm({ ...form, manualApproval: e.target.checked })}
              />
              {t('admin.federation.manualApproval')}
            </span>
          </Field>
          <Field label={t('admin.federation.moments')}>
            <span className="fed-check">
              <input
                type="checkbox"
                checked={form.federateMoments}
                onChange={(e) => setForm({ ...form, federateMoments: e.target.checked })}
              />
              {t('admin.federation.federateMoments')}
            </span>
          </Field>
          <p className="muted">{t('admin.federation.hint')}</p>
          <Button kind="primary" type="submit">
            {t('admin.federation.save')}
          </Button>
        </form>
      )}
      <FederationLists />
    </AdminPage>
  );
}
