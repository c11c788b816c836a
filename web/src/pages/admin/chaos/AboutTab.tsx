import { aboutArticleId } from '@candy/contract/calls/articles';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../core/request.ts';
import { ErrorState, formatDateTime, LoadingState, UploadList } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Markdown } from '../../../ui/Markdown/Markdown.tsx';
import { toast } from '../../../ui/toast.tsx';
import { dropDraft, loadDraft, saveDraft } from './drafts.ts';
import { MarkdownEditor } from './MarkdownEditor.tsx';
import { imageMarkdown, useImageUpload } from './useImageUpload.ts';

const draftKey = 'article:1';

/** The about page (article 1): the same editor and preview as essays. */
export const AboutTab = () => {
  const article = useQuery({
    queryKey: ['article', aboutArticleId],
    queryFn: () => call('articleDetail', { params: { id: aboutArticleId } }),
  });
  const [content, setContent] = useState<string | null>(null);
  const { items, upload } = useImageUpload();

  useEffect(() => {
    if (!article.data || content !== null) return;
    const stored = article.data;
    void loadDraft(draftKey).then((draft) => {
      if (draft && draft.savedAt > stored.updatedAt && draft.content !== stored.content) {
        setContent(draft.content);
        toast('已恢复未保存的草稿', { type: 'info' });
      } else setContent(stored.content);
    });
  }, [article.data, content]);

  useEffect(() => {
    if (content === null || !article.data) return;
    const timer = setTimeout(() => {
      if (content === article.data.content) void dropDraft(draftKey);
      else void saveDraft(draftKey, { content, hide: false, reservation: null, savedAt: Date.now() });
    }, 500);
    return () => clearTimeout(timer);
  }, [content, article.data]);

  const save = useMutation({
    mutationFn: (text: string) =>
      call('articleUpdate', { params: { id: aboutArticleId }, body: { content: text } }),
    onSuccess: async () => {
      await dropDraft(draftKey);
      await article.refetch();
      toast('关于页已保存', { type: 'success' });
    },
  });

  if (article.isError) return <ErrorState error={article.error} onRetry={() => article.refetch()} />;
  if (content === null || !article.data) return <LoadingState />;
  return (
    <section className="essay-editor" data-testid="about-editor">
      <p className="muted">上次保存：{formatDateTime(article.data.updatedAt)}</p>
      <div className="essay-editor-panes essay-editor-split">
        <div className="essay-editor-source">
          <MarkdownEditor
            value={content}
            onChange={setContent}
            onFiles={async (files) =>
              (await upload(files)).map((image, i) => imageMarkdown(image, files[i]?.name ?? ''))
            }
            aria-label="关于页 Markdown 源文"
          />
        </div>
        <div className="essay-editor-preview">
          <Markdown source={content} />
        </div>
      </div>
      <UploadList items={items} />
      <div className="admin-toolbar">
        <Button
          kind="primary"
          onClick={() => save.mutateAsync(content)}
          disabled={!content.trim()}
          data-testid="about-save"
        >
          保存关于页
        </Button>
      </div>
    </section>
  );
};
