import { type Material, MaterialUpdate } from '@candy/contract/calls/videos';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { confirm } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { SourceBrowser, type SourceVideo } from '../ryona-material-create/SourceBrowser.tsx';
import { invalidateVideos } from './shared/queries.ts';

/** Edits a clip's words and range; a new range (or cover time) has ffmpeg process it again. */
export const EditPanel = ({ material, onClose }: { material: Material; onClose: () => void }) => {
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
    toast.success('已保存');
    await invalidateVideos();
    onClose();
  };
  const [replacing, setReplacing] = useState(false);
  const reupload = async (video: SourceVideo) => {
    await confirm({
      title: '替换来源',
      message: `用 ${video.path} 的整段重新生成「${material.title}」？标题、标签和所在合集不变。`,
    });
    await call('videoReupload', { body: { id: material.id, sourcePath: video.path } });
    toast.success('已替换来源，正在重新处理');
    await invalidateVideos();
    onClose();
  };
  const number = (value: string) => (value.trim() === '' ? null : Number(value));
  return (
    <div className="video-panel" data-testid="video-edit">
      <div className="video-panel-head">
        <strong>编辑 #{material.id}</strong>
        <Button kind="text" onClick={onClose}>
          关闭
        </Button>
      </div>
      <div className="video-form">
        <Field label="标题" error={errors.title}>
          <input
            className="input"
            value={values.title ?? ''}
            onChange={(e) => set('title', e.target.value)}
          />
        </Field>
        <Field label="描述" error={errors.description}>
          <textarea
            className="input"
            rows={3}
            value={values.description ?? ''}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <Field label="标签（逗号分隔）" error={errors.tags}>
          <input
            className="input"
            value={(values.tags ?? []).join(', ')}
            onChange={(e) =>
              set(
                'tags',
                e.target.value
                  .split(/[,，]/)
                  .map((t) => t.trim())
                  .filter(Boolean),
              )
            }
          />
        </Field>
        <Field label="开始（秒）" error={errors.start}>
          <input
            className="input"
            type="number"
            step="0.1"
            min="0"
            value={values.start ?? 0}
            onChange={(e) => set('start', Number(e.target.value))}
          />
        </Field>
        <Field label="结束（秒，空 = 到结尾）" error={errors.end}>
          <input
            className="input"
            type="number"
            step="0.1"
            min="0"
            value={values.end ?? ''}
            onChange={(e) => set('end', number(e.target.value))}
          />
        </Field>
        <Field label="封面时间（距片段开始的秒数，空 = 中间）" error={errors.coverAt}>
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
            保存
          </Button>
          <Button onClick={() => setReplacing((r) => !r)}>{replacing ? '取消替换' : '替换来源…'}</Button>
        </div>
        {replacing && <SourceBrowser picked={material.sourcePath} onPick={reupload} />}
      </div>
    </div>
  );
};
