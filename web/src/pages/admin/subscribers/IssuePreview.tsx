import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * The mail an essay sends, as subscribers get it. The HTML sits in a sandboxed frame with no
 * permissions: whatever the mail holds runs nothing and reaches nothing of the back office.
 */
export const IssuePreview = ({ essayId, onClose }: { essayId: number; onClose: () => void }) => {
  const preview = useQuery({
    queryKey: ['newsletter', 'preview', essayId],
    queryFn: () => call('newsletterPreview', { params: { id: essayId } }),
  });
  return (
    <section className="subs-preview" aria-label="邮件预览" data-testid="issue-preview">
      <header className="subs-preview-head">
        <h2>{preview.data ? preview.data.subject : `随笔 #${essayId} 的邮件`}</h2>
        <Button kind="text" onClick={onClose}>
          关闭
        </Button>
      </header>
      {preview.isPending ? (
        <LoadingState />
      ) : preview.isError ? (
        <ErrorState error={preview.error} onRetry={() => preview.refetch()} />
      ) : (
        <iframe className="subs-preview-frame" title="邮件预览" sandbox="" srcDoc={preview.data.html} />
      )}
    </section>
  );
};
