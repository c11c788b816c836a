import { type Collection, CollectionSave } from '@candy/contract/calls/videos';
import { useMemo, useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { invalidateVideos, useAllMaterials } from '../ryona-material/shared/queries.ts';
import { SortableClips } from './SortableClips.tsx';

/** Creates or edits a collection: words, cover, clips in order; then save and publish. */
export const CollectionEditor = ({
  collection,
  onClose,
}: {
  collection: Collection | null;
  onClose: () => void;
}) => {
  const t = useT();
  const all = useAllMaterials();
  const materials = useMemo(() => new Map((all.data ?? []).map((m) => [m.id, m])), [all.data]);
  const form = useZodForm(CollectionSave, {
    id: collection?.id,
    title: collection?.title ?? '',
    description: collection?.description ?? '',
    coverMaterialId: collection?.coverMaterialId ?? null,
    materialIds: collection?.materialIds ?? [],
  });
  const { values, set, errors } = form;
  // The contract's ids coerce (their input type is unknown); the form only ever holds numbers.
  const ids = (values.materialIds ?? []) as number[];
  const coverId = (values.coverMaterialId ?? null) as number | null;
  const [adding, setAdding] = useState('');
  const addable = (all.data ?? []).filter((m) => !ids.includes(m.id) && m.status !== 'failed');

  const save = async () => {
    const body = form.validate();
    if (!body) {
      // Never a silent no-op: the marked fields say what is wrong.
      toast.error(t('admin.collections.invalid'));
      return null;
    }
    const saved = await call('videoCollectionSave', { body });
    set('id', saved.id);
    await invalidateVideos();
    return saved;
  };
  const publish = async () => {
    const saved = await save();
    if (!saved) return;
    await call('videoPublishCollection', { body: { id: saved.id } });
    toast.success(t('admin.collections.publishedAll'));
    await invalidateVideos();
  };

  return (
    <div className="video-panel" data-testid="collection-editor">
      <div className="video-panel-head">
        <strong>
          {values.id
            ? t('admin.collections.edit.title', { id: String(values.id) })
            : t('admin.collections.new')}
        </strong>
        <Button kind="text" onClick={onClose}>
          {t('admin.collections.close')}
        </Button>
      </div>
      <div className="video-form">
        <Field label={t('admin.collections.field.title')} error={errors.title}>
          <input
            className="input"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            data-testid="collection-title"
          />
        </Field>
        <Field label={t('admin.collections.field.description')} error={errors.description}>
          <textarea
            className="input"
            rows={2}
            value={values.description ?? ''}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <Field label={t('admin.collections.field.cover')} error={errors.coverMaterialId}>
          <select
            className="input"
            value={coverId ?? ''}
            onChange={(e) => set('coverMaterialId', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('admin.collections.field.cover.first')}</option>
            {ids.map((id) => (
              <option key={id} value={id} data-content>
                {materials.get(id)?.title ?? `#${id}`}
              </option>
            ))}
          </select>
        </Field>
        <div>
          <span className="admin-field-label">{t('admin.collections.field.clips')}</span>
          <SortableClips
            ids={ids}
            materials={materials}
            onChange={(next) => {
              set('materialIds', next);
              if (coverId && !next.includes(coverId)) set('coverMaterialId', null);
            }}
          />
          {errors.materialIds && <p className="field-error">{errors.materialIds}</p>}
        </div>
        <div className="video-add-clip">
          <select
            className="input"
            aria-label={t('admin.collections.addClip.label')}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            data-testid="collection-add-select"
          >
            <option value="">{t('admin.collections.addClip.placeholder')}</option>
            {addable.map((m) => (
              <option key={m.id} value={m.id} data-content>
                {m.title} #{m.id}
              </option>
            ))}
          </select>
          <Button
            disabled={!adding}
            disabledReason={t('admin.collections.addClip.none')}
            onClick={() => {
              set('materialIds', [...ids, Number(adding)]);
              setAdding('');
            }}
            data-testid="collection-add"
          >
            {t('admin.collections.addClip')}
          </Button>
        </div>
        <div className="video-row-actions">
          <Button
            kind="primary"
            onClick={async () => {
              if (await save()) toast.success(t('admin.collections.saved'));
            }}
            data-testid="collection-save"
          >
            {t('admin.collections.save')}
          </Button>
          <Button onClick={publish} data-testid="collection-publish">
            {t('admin.collections.saveAndPublish')}
          </Button>
        </div>
      </div>
    </div>
  );
};
