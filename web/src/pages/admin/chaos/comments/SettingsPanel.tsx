import { CommentSettings, ModerationMode, powMaxNumberRange } from '@candy/contract/calls/commentModeration';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../../core/request.ts';
import { useT } from '../../../../i18n/useT.ts';
import { ErrorState, Field, LoadingState, useZodForm } from '../../../../ui/adminKit/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { toast } from '../../../../ui/toast.tsx';

const defaults: CommentSettings = {
  moderation: 'none',
  heldWords: [],
  powMaxNumber: powMaxNumberRange.default,
};

/** What is held for review, the words that hold a comment, and the proof of work's difficulty. */
export const SettingsPanel = () => {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['comments', 'settings'], queryFn: () => call('commentSettings') });
  const form = useZodForm(CommentSettings, defaults);
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const save = async () => {
    const body = form.validate();
    if (!body) return;
    const saved = await call('commentSettingsUpdate', { body });
    queryClient.setQueryData(['comments', 'settings'], saved);
    toast(t('admin.desk.comments.settings.saved'), { type: 'success' });
  };

  return (
    <details className="queue-settings" data-testid="comment-settings">
      <summary>{t('admin.desk.comments.settings.title')}</summary>
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <div className="queue-settings-body">
          <Field label={t('admin.desk.comments.settings.mode')} error={form.errors.moderation}>
            <select
              className="input"
              value={form.values.moderation}
              onChange={(event) => form.set('moderation', ModerationMode.parse(event.target.value))}
              data-testid="moderation-mode"
            >
              {ModerationMode.options.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`admin.desk.comments.mode.${mode}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('admin.desk.comments.settings.words')}
            error={Object.entries(form.errors).find(([key]) => key.startsWith('heldWords'))?.[1]}
          >
            <textarea
              className="input"
              rows={3}
              value={form.values.heldWords.join('\n')}
              onChange={(event) => form.set('heldWords', event.target.value.split('\n'))}
            />
          </Field>
          <Field
            label={t('admin.desk.comments.settings.pow', {
              min: String(powMaxNumberRange.min),
              max: String(powMaxNumberRange.max),
            })}
            error={form.errors.powMaxNumber}
          >
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={powMaxNumberRange.min}
              max={powMaxNumberRange.max}
              value={form.values.powMaxNumber}
              onChange={(event) => form.set('powMaxNumber', Number(event.target.value))}
            />
          </Field>
          <div className="admin-toolbar">
            <Button kind="primary" onClick={save} data-testid="settings-save">
              {t('admin.desk.comments.settings.save')}
            </Button>
          </div>
        </div>
      )}
    </details>
  );
};
