import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * The mail an essay sends, as subscribers get it. The HTML sits in a sandboxed frame with no
 * permissions: whatever the mail holds runs nothing and reaches nothing of the back office.
 */
export const IssuePreview = ({ essayId, onClose }: { essayId: number; onClose: () => void }) => {
  const t = useT();
  const preview = useQuery({
    queryKey: ['newsletter', 'preview', essayId],
    queryFn: () => call('newsletterPreview', { params: { id: essayId } }),
  });
  return (
    <section
      className="subs-preview"
      aria-label={t('admin.subscribers.preview.label')}
      data-testid="issue-preview"
    >
      <header className="subs-preview-head">
        {preview.data ? (
          <h2 data-content>{preview.data.subject}</h2>
        ) : (
          <h2>{t('admin.subscribers.preview.untitled', { id: essayId })}</h2>
        )}
        <Button kind="text" onClick={onClose}>
          {t('admin.subscribers.preview.close')}
        </Button>
      </header>
      {preview.isPending ? (
        <LoadingState />
      ) : preview.isError ? (
        <ErrorState error={preview.error} onRetry={() => preview.refetch()} />
      ) : (
        <iframe
          className="subs-preview-frame"
          title={t('admin.subscribers.preview.label')}
          sandbox=""
          srcDoc={preview.data.html}
        />
      )}
    </section>
  );
};
