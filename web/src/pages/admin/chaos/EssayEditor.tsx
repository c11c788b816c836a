import type { Essay } from '@candy/contract/calls/essays';
import { EssayInput } from '@candy/contract/calls/essays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../../core/request.ts';
import { DateTimeInput, destroyQuestion, Field, UploadList } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Markdown } from '../../../ui/Markdown/Markdown.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { toast } from '../../../ui/toast.tsx';
import { dropDraft, loadDraft, saveDraft } from './drafts.ts';
import { MarkdownEditor } from './MarkdownEditor.tsx';
import { imageMarkdown, useImageUpload } from './useImageUpload.ts';

interface Fields {
  content: string;
  hide: boolean;
  reservation: number | null;
}

const fieldsOf = (essay: Essay | null): Fields => ({
  content: essay?.content ?? '',
  hide: essay?.hide ?? false,
  reservation: essay?.reservation ?? null,
});

const same = (a: Fields, b: Fields) =>
  a.content === b.content && a.hide === b.hide && a.reservation === b.reservation;

/**
 * The essay editor: Markdown source beside the preview visitors will see, the hide switch and a
 * publish time. Unsaved text is kept as a draft in the browser and offered back after a reload.
 */
export const EssayEditor = ({
  essay,
  onSaved,
  onDeleted,
}: {
  essay: Essay | null;
  onSaved: (essay: Essay) => void;
  onDeleted: () => void;
}) => {
  const queryClient = useQueryClient();
  const draftKey = `essay:${essay?.id ?? 'new'}`;
  const [fields, setFields] = useState<Fields>(() => fieldsOf(essay));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [view, setView] = useState<'split' | 'source' | 'preview'>('split');
  const { items, upload } = useImageUpload();
  const restored = useRef(false);

  // Offer back a draft that differs from what is stored.
  useEffect(() => {
    restored.current = false;
    setFields(fieldsOf(essay));
    setErrors({});
    let alive = true;
    void loadDraft(draftKey).then((draft) => {
      restored.current = true;
      if (!alive || !draft) return;
      const stored = fieldsOf(essay);
      if (essay && draft.savedAt < essay.updatedAt) return;
      const fromDraft = { content: draft.content, hide: draft.hide, reservation: draft.reservation };
      if (same(fromDraft, stored)) return;
      setFields(fromDraft);
      toast('已恢复未保存的草稿', { type: 'info' });
    });
    return () => {
      alive = false;
    };
  }, [draftKey, essay]);

  // Keep the draft while typing (quietly, half a second after the last change).
  useEffect(() => {
    if (!restored.current) return;
    const timer = setTimeout(() => {
      if (same(fields, fieldsOf(essay))) void dropDraft(draftKey);
      else void saveDraft(draftKey, { ...fields, savedAt: Date.now() });
    }, 500);
    return () => clearTimeout(timer);
  }, [fields, draftKey, essay]);

  const save = useMutation({
    mutationFn: async (body: Fields) =>
      essay ? call('essayUpdate', { params: { id: essay.id }, body }) : call('essayCreate', { body }),
    onSuccess: async (saved) => {
      await dropDraft(draftKey);
      await queryClient.invalidateQueries({ queryKey: ['essays'] });
      toast(essay ? '已保存' : '已发表', { type: 'success' });
      onSaved(saved);
    },
  });

  const submit = async () => {
    const parsed = EssayInput.safeParse(fields);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])));
      return;
    }
    if (
      fields.reservation !== null &&
      fields.reservation !== essay?.reservation &&
      fields.reservation <= Date.now()
    ) {
      setErrors({ reservation: '定时发布的时间必须在将来' });
      return;
    }
    setErrors({});
    await save.mutateAsync(fields);
  };

  const remove = async () => {
    if (!essay) return;
    await call('essayDelete', { params: { id: essay.id } });
    await dropDraft(draftKey);
    await queryClient.invalidateQueries({ queryKey: ['essays'] });
    toast('已删除', { type: 'success' });
    onDeleted();
  };

  const addImages = async (files: File[]) => {
    const images = await upload(files);
    return images.map((image, i) => imageMarkdown(image, files[i]?.name ?? ''));
  };

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));

  return (
    <section className="essay-editor" data-testid="essay-editor">
      <div className="essay-editor-bar">
        <strong>{essay ? `编辑 #${essay.id}` : '新随笔'}</strong>
        <fieldset className="essay-editor-views" aria-label="显示">
          {(['source', 'split', 'preview'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`btn btn-small${view === v ? ' btn-primary' : ''}`}
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {v === 'source' ? '源文' : v === 'split' ? '对照' : '预览'}
            </button>
          ))}
        </fieldset>
      </div>
      <div className={`essay-editor-panes essay-editor-${view}`}>
        {view !== 'preview' && (
          <div className="essay-editor-source">
            <MarkdownEditor
              value={fields.content}
              onChange={(content) => set('content', content)}
              onFiles={addImages}
              data-testid="essay-source"
            />
          </div>
        )}
        {view !== 'source' && (
          <div className="essay-editor-preview" data-testid="essay-preview">
            {fields.content.trim() ? (
              <Markdown source={fields.content} />
            ) : (
              <p className="muted">预览会显示在这里：和访客看到的一样（图片、音乐卡片都会渲染）。</p>
            )}
          </div>
        )}
      </div>
      {errors.content && <p className="field-error">{errors.content}</p>}
      <UploadList items={items} />
      <p className="muted essay-editor-hint">
        粘贴或拖入图片即可上传；单独一行写 [music:歌曲ID] 显示音乐卡片。
      </p>
      <div className="essay-editor-fields">
        <Field label="隐藏">
          <Switch checked={fields.hide} onChange={(hide) => set('hide', hide)} data-testid="essay-hide" />
        </Field>
        <Field label="定时发布" error={errors.reservation}>
          <DateTimeInput
            value={fields.reservation}
            min={Date.now()}
            onChange={(ms) => set('reservation', ms)}
            aria-label="定时发布时间"
            data-testid="essay-reservation"
          />
        </Field>
      </div>
      <div className="admin-toolbar">
        <Button kind="primary" onClick={submit} loading={save.isPending} data-testid="essay-save">
          {essay ? '保存' : '发表'}
        </Button>
        {essay && (
          <Button
            kind="dangerous"
            confirm={{
              title: '删除随笔',
              message: destroyQuestion('删除', '随笔', {
                id: essay.id,
                // Its first line, as the list shows it.
                title: essay.content
                  .split('\n')
                  .find((l) => l.trim() !== '')
                  ?.replace(/^#+\s*/, ''),
              }),
            }}
            onClick={remove}
            data-testid="essay-delete"
          >
            删除
          </Button>
        )}
      </div>
    </section>
  );
};
