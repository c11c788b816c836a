import { aboutArticleId } from '@candy/contract/calls/articles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { ErrorState, formatDateTime, LoadingState, UploadList } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { ImagePipelinePanel } from '../shared/ImagePipeline.tsx';
import { DraftOffer, DraftStatus } from './DraftStatus.tsx';
import { ImageButton } from './ImageButton.tsx';
import type { MarkdownEditorHandle } from './MarkdownEditor.tsx';
import { RevisionsPanel } from './RevisionsPanel.tsx';
import { imageMarkdown, useImageUpload } from './useImageUpload.ts';
import { useSaveShortcut } from './useSaveShortcut.ts';
import { type DraftFields, useServerDraft } from './useServerDraft.ts';
import { defaultView, type PaneView, ViewSwitch, WritingPanes } from './WritingPanes.tsx';

const views = ['source', 'split', 'preview', 'history'] as const;
const asFields = (content: string): DraftFields => ({ content, hide: false, reservation: null });

/** The about page (article 1): the essay desk's editor, drafts and history, for one text. */
const AboutEditor = ({
  saved,
  onDirtyChange,
}: {
  saved: { content: string; updatedAt: number };
  onDirtyChange: (dirty: boolean) => void;
}) => {
  const t = useT();
  const queryClient = useQueryClient();
  const [content, setContent] = useState(saved.content);
  const [view, setView] = useState<PaneView | 'history'>(defaultView);
  const editor = useRef<MarkdownEditorHandle>(null);
  const { items, upload } = useImageUpload();
  const fields = useMemo(() => asFields(content), [content]);
  const baseline = useMemo(() => ({ fields: asFields(saved.content), updatedAt: saved.updatedAt }), [saved]);
  const draft = useServerDraft('article', aboutArticleId, fields, baseline);
  const dirty = content !== saved.content;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const refresh = async () => {
    draft.settled();
    await queryClient.invalidateQueries({ queryKey: ['article', aboutArticleId] });
    await queryClient.invalidateQueries({ queryKey: ['revisions', 'article', aboutArticleId] });
  };
  const save = useMutation({
    mutationFn: (text: string) =>
      call('articleUpdate', { params: { id: aboutArticleId }, body: { content: text } }),
    onSuccess: async () => {
      await refresh();
      toast(t('admin.desk.about.saved'), { type: 'success' });
    },
  });
  const submit = async () => {
    if (!save.isPending && content.trim()) await save.mutateAsync(content);
  };
  useSaveShortcut(submit);

  return (
    <section className="essay-editor" data-testid="about-editor">
      <div className="essay-editor-bar">
        <div className="essay-editor-title">
          <span className="muted">
            {t('admin.desk.about.lastSaved', { time: formatDateTime(saved.updatedAt) })}
          </span>
          <DraftStatus state={draft.state} dirty={dirty} />
        </div>
        <div className="essay-editor-tools">
          <ImageButton onFiles={(files) => editor.current?.insertFiles(files)} />
          <ViewSwitch views={views} value={view} onChange={setView} />
        </div>
      </div>
      {draft.offer && (
        <DraftOffer
          draft={draft.offer}
          onTake={() => {
            setContent(draft.offer?.content ?? content);
            draft.takeOffer();
          }}
          onDiscard={() => void draft.discardOffer()}
        />
      )}
      {view === 'history' && (
        <RevisionsPanel
          target="article"
          targetId={aboutArticleId}
          current={content}
          onRestored={async (restored) => {
            setContent(restored.content);
            await refresh();
            toast(t('admin.desk.revisions.restored'), { type: 'success' });
          }}
        />
      )}
      <div hidden={view === 'history'}>
        <WritingPanes
          view={view === 'history' ? 'source' : view}
          content={content}
          onChange={setContent}
          onFiles={async (files) =>
            (await upload(files)).map((image, i) => imageMarkdown(image, files[i]?.name ?? ''))
          }
          editorRef={editor}
          ariaLabel={t('admin.desk.about.source')}
          sourceTestId="about-source"
          previewTestId="about-preview"
        />
      </div>
      <UploadList items={items} />
      <ImagePipelinePanel show={items.length > 0} />
      <div className="admin-toolbar">
        <Button
          kind="primary"
          onClick={submit}
          loading={save.isPending}
          disabled={!content.trim()}
          disabledReason={t('admin.desk.about.empty')}
          data-testid="about-save"
        >
          {t('admin.desk.about.save')}
        </Button>
      </div>
    </section>
  );
};

/** The about page tab: loads article 1, then its editor. */
export const AboutTab = ({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) => {
  const article = useQuery({
    queryKey: ['article', aboutArticleId],
    queryFn: () => call('articleDetail', { params: { id: aboutArticleId } }),
  });
  if (article.isError) return <ErrorState error={article.error} onRetry={() => article.refetch()} />;
  if (!article.data) return <LoadingState />;
  return <AboutEditor saved={article.data} onDirtyChange={onDirtyChange} />;
};
