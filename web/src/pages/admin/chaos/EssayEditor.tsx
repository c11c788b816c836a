import type { Essay } from '@candy/contract/calls/essays';
import { EssayInput } from '@candy/contract/calls/essays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../../../core/request.ts';
import { issueText } from '../../../i18n/contractWords.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  Badge,
  DateTimeInput,
  Field,
  formatDateTime,
  shortTitle,
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

/** An essay's first line, as the list shows it. */
const firstLineOf = (content: string): string =>
  content
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.replace(/^#+\s*/, '') ?? '';

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
  const t = useT();
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
      toast(
        reserved
          ? t('admin.desk.essay.scheduled', { time: formatDateTime(result.reservation ?? 0) })
          : essay
            ? t('admin.desk.essay.saved')
            : t('admin.desk.essay.published'),
        { type: 'success' },
      );
      onSaved(result);
    },
  });

  const submit = async () => {
    if (save.isPending) return;
    const parsed = EssayInput.safeParse(fields);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), issueText(i)])));
      return;
    }
    if (
      fields.reservation !== null &&
      fields.reservation !== essay?.reservation &&
      fields.reservation <= Date.now()
    ) {
      setErrors({ reservation: t('admin.desk.essay.future') });
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
    toast(t('admin.desk.deleted'), { type: 'success' });
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
          <strong>
            {essay ? t('admin.desk.essay.editing', { id: essay.id }) : t('admin.desk.essay.new')}
          </strong>
          {essay && ahead(essay.reservation) && (
            <Badge tone="warning">
              {t('admin.desk.essay.scheduled', { time: formatDateTime(essay.reservation) })}
            </Badge>
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
            toast(t('admin.desk.essay.draftTaken'), { type: 'info' });
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
            toast(t('admin.desk.revisions.restored'), { type: 'success' });
            onSaved(restored);
          }}
        />
      )}
      {view === 'history' && !essay && <p className="muted">{t('admin.desk.essay.noHistory')}</p>}
      <div hidden={view === 'history'}>
        <WritingPanes
          view={view === 'history' ? 'source' : view}
          content={fields.content}
          onChange={(content) => set('content', content)}
          onFiles={addImages}
          editorRef={editor}
          ariaLabel={t('admin.desk.essay.source')}
          sourceTestId="essay-source"
          previewTestId="essay-preview"
        />
      </div>
      {errors.content && <p className="field-error">{errors.content}</p>}
      <UploadList items={items} />
      <ImagePipelinePanel show={items.length > 0} />
      <p className="muted essay-editor-hint">{t('admin.desk.essay.hint')}</p>
      <div className="essay-editor-fields">
        <Field label={t('admin.desk.hidden')}>
          <Switch
            checked={fields.hide}
            onChange={(hide) => set('hide', hide)}
            ariaLabel={t('admin.desk.hidden')}
            data-testid="essay-hide"
          />
        </Field>
        <Field label={t('admin.desk.essay.schedule')} error={errors.reservation}>
          <DateTimeInput
            value={fields.reservation}
            min={Date.now()}
            onChange={(ms) => set('reservation', ms)}
            aria-label={t('admin.desk.essay.scheduleTime')}
            data-testid="essay-reservation"
          />
        </Field>
      </div>
      <div className="admin-toolbar">
        <Button kind="primary" onClick={submit} loading={save.isPending} data-testid="essay-save">
          {scheduled
            ? t('admin.desk.essay.scheduleButton', { time: formatDateTime(fields.reservation ?? 0) })
            : essay
              ? t('admin.desk.save')
              : t('admin.desk.essay.publish')}
        </Button>
        {essay && (
          <Button
            kind="dangerous"
            confirm={{
              title: t('admin.desk.essay.delete.title'),
              message: firstLineOf(essay.content).trim()
                ? t('admin.desk.essay.delete.confirm', {
                    id: essay.id,
                    title: shortTitle(firstLineOf(essay.content)),
                  })
                : t('admin.desk.essay.delete.confirmUntitled', { id: essay.id }),
            }}
            onClick={remove}
            data-testid="essay-delete"
          >
            {t('admin.desk.delete')}
          </Button>
        )}
      </div>
    </section>
  );
};
