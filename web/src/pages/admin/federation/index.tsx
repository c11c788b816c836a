import { FederationSettings } from '@candy/contract/calls/federation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
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
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await call('federationSettingsUpdate', { body: checked.data });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      throw error;
    }
    setErrors({});
    toast('已保存', { type: 'success' });
    await client.invalidateQueries({ queryKey: ['federation'] });
  };

  return (
    <AdminPage title="联邦宇宙">
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
          <Field label="账号名" error={errors.handle}>
            <input
              className="input"
              value={form.handle}
              placeholder="owner"
              onChange={(e) => setForm({ ...form, handle: e.target.value })}
            />
          </Field>
          <Field label="显示名称" error={errors.displayName}>
            <input
              className="input"
              value={form.displayName}
              onChange={(e) => setForm({ ...form, displayName: e.target.value })}
            />
          </Field>
          <Field label="站点地址" error={errors.origin}>
            <input
              className="input"
              type="url"
              value={form.origin}
              placeholder="https://example.com"
              onChange={(e) => setForm({ ...form, origin: e.target.value })}
            />
          </Field>
          <Field label="关注">
            <span className="fed-check">
              <input
                type="checkbox"
                checked={form.manualApproval}
                onChange={(e) => setForm({ ...form, manualApproval: e.target.checked })}
              />
              需要我批准
            </span>
          </Field>
          <Field label="动态">
            <span className="fed-check">
              <input
                type="checkbox"
                checked={form.federateMoments}
                onChange={(e) => setForm({ ...form, federateMoments: e.target.checked })}
              />
              也发到联邦宇宙（动态本是暗色模式内容）
            </span>
          </Field>
          <p className="muted">别人用 @账号名@域名 关注本站；站点地址须是外网能访问到的地址。</p>
          <Button kind="primary" type="submit">
            保存
          </Button>
        </form>
      )}
      <FederationLists />
    </AdminPage>
  );
}
