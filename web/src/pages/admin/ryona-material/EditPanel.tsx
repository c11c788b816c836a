import { type Material, MaterialUpdate } from '@candy/contract/calls/videos';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { confirm } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { SourceBrowser, type SourceVideo } from '../ryona-material-create/SourceBrowser.tsx';
import { invalidateVideos } from './shared/queries.ts';

/** Edits a clip's words and range; a new range (or cover time) has ffmpeg process it again. */
export const EditPanel = ({ material, onClose }: { material: Material; onClose: () => void }) => {
  const t = useT();
  const form = useZodForm(MaterialUpdate, {
    title: material.title,
    description: material.description,
    tags: material.tags,
    start: material.start,
    end: material.end,
    coverAt: material.coverAt,
  });
  const { values, set, errors } = form;
  const save = async () => {
    const body = form.validate();
    if (!body) return;
    await call('videoMaterialUpdate', { params: { id: material.id }, body });
    toast.success(t('admin.clips.saved'));
    await invalidateVideos();
    onClose();
  };
  const [replacing, setReplacing] = useState(false);
  const reupload = async (video: SourceVideo) => {
    await confirm({
      title: t('admin.clips.replace.title'),
      message: t('admin.clips.replace.question', { path: video.path, title: material.title }),
    });
    await call('videoReupload', { body: { id: material.id, sourcePath: video.path } });
    toast.success(t('admin.clips.replace.done'));
    await invalidateVideos();
    onClose();
  };
  const number = (value: string) => (value.trim() === '' ? null : Number(value));
  return (
    <div className="video-panel" data-testid="video-edit">
      <div className="video-panel-head">
        <strong>{t('admin.clips.edit.title', { id: material.id })}</strong>
        <Button kind="text" onClick={onClose}>
          {t('admin.clips.close')}
        </Button>
      </div>
      <div className="video-form">
        <Field label={t('admin.clips.field.title')} error={errors.title}>
          <input
            className="input"
            value={values.title ?? ''}
            onChange={(e) => set('title', e.target.value)}
          />
        </Field>
        <Field label={t('admin.clips.field.description')} error={errors.description}>
          <textarea
            className="input"
            rows={3}
            value={values.description ?? ''}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <Field label={t('admin.clips.field.tags')} error={errors.tags}>
          <input
            className="input"
            value={(values.tags ?? []).join(', ')}
            onChange={(e) =>
              set(
                'tags',
                e.target.value
                  .split(/[,，]/)
                  .map((tag) => tag.trim())
                  .filter(Boolean),
              )
            }
          />
        </Field>
        <Field label={t('admin.clips.field.startSeconds')} error={errors.start}>
          <input
            className="input"
            type="number"
            step="0.1"
            min="0"
            value={values.start ?? 0}
            onChange={(e) => set('start', Number(e.target.value))}
          />
        </Field>
        <Field label={t('admin.clips.field.endSeconds')} error={errors.end}>
          <input
            className="input"
            type="number"
            step="0.1"
            min="0"
            value={values.end ?? ''}
            onChange={(e) => set('end', number(e.target.value))}
          />
        </Field>
        <Field label={t('admin.clips.field.coverSeconds')} error={errors.coverAt}>
          <input
            className="input"
            type="number"
            step="0.1"
            min="0"
            value={values.coverAt ?? ''}
            onChange={(e) => set('coverAt', number(e.target.value))}
          />
        </Field>
        <div className="video-row-actions">
          <Button kind="primary" onClick={save}>
            {t('admin.clips.save')}
          </Button>
          <Button onClick={() => setReplacing((r) => !r)}>
            {replacing ? t('admin.clips.replace.cancel') : t('admin.clips.replace')}
          </Button>
        </div>
        {replacing && <SourceBrowser picked={material.sourcePath} onPick={reupload} />}
      </div>
    </div>
  );
};
