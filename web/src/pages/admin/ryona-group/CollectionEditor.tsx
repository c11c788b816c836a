import { type Collection, CollectionSave } from '@candy/contract/calls/videos';
import { useMemo, useState } from 'react';
import { call } from '../../../core/request.ts';
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
      toast.error('合集还不能保存：请看标红的项');
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
    toast.success('合集和其中的片段已发布');
    await invalidateVideos();
  };

  return (
    <div className="video-panel" data-testid="collection-editor">
      <div className="video-panel-head">
        <strong>{values.id ? `编辑合集 #${String(values.id)}` : '新建合集'}</strong>
        <Button kind="text" onClick={onClose}>
          关闭
        </Button>
      </div>
      <div className="video-form">
        <Field label="标题" error={errors.title}>
          <input
            className="input"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            data-testid="collection-title"
          />
        </Field>
        <Field label="描述" error={errors.description}>
          <textarea
            className="input"
            rows={2}
            value={values.description ?? ''}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <Field label="封面" error={errors.coverMaterialId}>
          <select
            className="input"
            value={coverId ?? ''}
            onChange={(e) => set('coverMaterialId', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">第一个片段的封面</option>
            {ids.map((id) => (
              <option key={id} value={id}>
                {materials.get(id)?.title ?? `#${id}`}
              </option>
            ))}
          </select>
        </Field>
        <div>
          <span className="admin-field-label">片段（拖动排序）</span>
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
            aria-label="添加片段"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            data-testid="collection-add-select"
          >
            <option value="">选择要添加的片段…</option>
            {addable.map((m) => (
              <option key={m.id} value={m.id}>
                {m.title} #{m.id}
              </option>
            ))}
          </select>
          <Button
            disabled={!adding}
            disabledReason="先选一个要加入的片段"
            onClick={() => {
              set('materialIds', [...ids, Number(adding)]);
              setAdding('');
            }}
            data-testid="collection-add"
          >
            添加
          </Button>
        </div>
        <div className="video-row-actions">
          <Button
            kind="primary"
            onClick={async () => {
              if (await save()) toast.success('已保存');
            }}
            data-testid="collection-save"
          >
            保存
          </Button>
          <Button onClick={publish} data-testid="collection-publish">
            保存并发布
          </Button>
        </div>
      </div>
    </div>
  );
};
