import type { Essay } from '@candy/contract/calls/essays';
import { EssayInput } from '@candy/contract/calls/essays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../../../core/request.ts';
import {
  Badge,
  DateTimeInput,
  destroyQuestion,
  Field,
  formatDateTime,
  UploadList,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { toast } from '../../../ui/toast.tsx';
import { ImagePipelinePanel } from '../shared/ImagePipeline.tsx';
import { DraftOffer, DraftStatus } from './DraftStatus.tsx';
import { ImageButton } from './ImageButton.tsx';
import type { MarkdownEditorHandle } from './MarkdownEditor.tsx';
import { RevisionsPanel } from './RevisionsPanel.tsx';
import { imageMarkdown, useImageUpload } from './useImageUpload.ts';
import { useSaveShortcut } from './useSaveShortcut.ts';
import { type DraftFields, sameFields, useServerDraft } from './useServerDraft.ts';
import { defaultView, type PaneView, ViewSwitch, WritingPanes } from './WritingPanes.tsx';

const fieldsOf = (essay: Essay | null): DraftFields => ({
  content: essay?.content ?? '',
  hide: essay?.hide ?? false,
  reservation: essay?.reservation ?? null,
});

/** A reservation still ahead: such an essay is scheduled (定时), not published (发表). */
const ahead = (reservation: number | null): reservation is number =>
  reservation !== null && reservation > Date.now();

const views = ['source', 'split', 'preview', 'history'] as const;

/**
 * The essay editor: Markdown source beside (or instead of) the preview visitors will see, pictures
 * by paste, drop or the image button, the hide switch and a publish time. Unsaved text autosaves to
 * the server as a draft; every save keeps a version the history view can diff and restore.
 */
export const EssayEditor = ({
  essay,
  onSaved,
  onDeleted,
  onDirtyChange,
  barStart,
}: {
  essay: Essay | null;
  onSaved: (essay: Essay) => void;
  onDeleted: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The essay list's show/hide and "new" buttons, placed at the start of the editor's bar. */
  barStart: ReactNode;
}) => {
  const queryClient = useQueryClient();
  const stored = useMemo(() => fieldsOf(essay), [essay]);
  const saved = useMemo(
    () => (essay ? { fields: stored, updatedAt: essay.updatedAt } : null),
    [essay, stored],
  );
  const [fields, setFields] = useState<DraftFields>(stored);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [view, setView] = useState<PaneView | 'history'>(defaultView);
  const editor = useRef<MarkdownEditorHandle>(null);
  const { items, upload } = useImageUpload();
  const draft = useServerDraft('essay', essay?.id ?? 0, fields, saved);
  const dirty = essay ? !sameFields(fields, stored) : fields.content.trim() !== '';

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const save = useMutation({
    mutationFn: async (body: DraftFields) =>
      essay ? call('essayUpdate', { params: { id: essay.id }, body }) : call('essayCreate', { body }),
    onSuccess: async (result) => {
      draft.settled();
      await queryClient.invalidateQueries({ queryKey: ['essays'] });
      await queryClient.invalidateQueries({ queryKey: ['revisions', 'essay', result.id] });
      const reserved = ahead(result.reservation);
      toast(reserved ? `已定时 ${formatDateTime(result.reservation ?? 0)}` : essay ? '已保存' : '已发表', {
        type: 'success',
      });
      onSaved(result);
    },
  });

  const submit = async () => {
    if (save.isPending) return;
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
  useSaveShortcut(submit);

  const remove = async () => {
    if (!essay) return;
    await call('essayDelete', { params: { id: essay.id } });
    onDirtyChange(false);
    await queryClient.invalidateQueries({ queryKey: ['essays'] });
    toast('已删除', { type: 'success' });
    onDeleted();
  };

  const addImages = async (files: File[]) => {
    const images = await upload(files);
    return images.map((image, i) => imageMarkdown(image, files[i]?.name ?? ''));
  };
  const set = <K extends keyof DraftFields>(key: K, value: DraftFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const scheduled = ahead(fields.reservation);

  return (
    <section className="essay-editor" data-testid="essay-editor">
      <div className="essay-editor-bar">
        <div className="essay-editor-title">
          {barStart}
          <strong>{essay ? `编辑 #${essay.id}` : '新随笔'}</strong>
          {essay && ahead(essay.reservation) && (
            <Badge tone="warning">已定时 {formatDateTime(essay.reservation)}</Badge>
          )}
          <DraftStatus state={draft.state} dirty={dirty} />
        </div>
        <div className="essay-editor-tools">
          <ImageButton
            onFiles={(files) => {
              if (view === 'history') setView(defaultView());
              editor.current?.insertFiles(files);
            }}
          />
          <ViewSwitch views={views} value={view} onChange={setView} />
        </div>
      </div>
      {draft.offer && (
        <DraftOffer
          draft={draft.offer}
          onTake={() => {
            const offer = draft.offer;
            if (!offer) return;
            setFields({ content: offer.content, hide: offer.hide, reservation: offer.reservation });
            draft.takeOffer();
            toast('已恢复服务器上的草稿', { type: 'info' });
          }}
          onDiscard={() => void draft.discardOffer()}
        />
      )}
      {view === 'history' && essay && (
        <RevisionsPanel
          target="essay"
          targetId={essay.id}
          current={fields.content}
          onRestored={async () => {
            const restored = await call('essayDetail', { params: { id: essay.id } });
            setFields(fieldsOf(restored));
            draft.settled();
            await queryClient.invalidateQueries({ queryKey: ['essays'] });
            toast('已恢复这个版本', { type: 'success' });
            onSaved(restored);
          }}
        />
      )}
      {view === 'history' && !essay && <p className="muted">新随笔保存后才有历史版本。</p>}
      <div hidden={view === 'history'}>
        <WritingPanes
          view={view === 'history' ? 'source' : view}
          content={fields.content}
          onChange={(content) => set('content', content)}
          onFiles={addImages}
          editorRef={editor}
          ariaLabel="随笔 Markdown 源文"
          sourceTestId="essay-source"
          previewTestId="essay-preview"
        />
      </div>
      {errors.content && <p className="field-error">{errors.content}</p>}
      <UploadList items={items} />
      <ImagePipelinePanel show={items.length > 0} />
      <p className="muted essay-editor-hint">
        粘贴、拖入或点“插入图片”上传；单独一行写 [music:歌曲ID] 显示音乐卡片；Ctrl/⌘+S 保存。
      </p>
      <div className="essay-editor-fields">
        <Field label="隐藏">
          <Switch
            checked={fields.hide}
            onChange={(hide) => set('hide', hide)}
            ariaLabel="隐藏"
            data-testid="essay-hide"
          />
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
          {scheduled ? `定时 ${formatDateTime(fields.reservation ?? 0)}` : essay ? '保存' : '发表'}
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
