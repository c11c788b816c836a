import type { ImageVariantStatus } from '@candy/contract/calls/media';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Badge, ErrorState, LoadingState, ProgressBar } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import './imagePipeline.css';

const statusKey = ['image-variants'] as const;
/** How often the status is read while copies are being made. */
const POLL_MS = 2000;

/**
 * How far the image pipeline is (issue 30): read every two seconds while pictures wait for their
 * copies, and not at all once none does. An upload calls `imagePipelineChanged` to start it again.
 */
export const useImagePipeline = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: () => call('imageVariantStatus'),
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? POLL_MS : false),
  });

/** After an upload: the pipeline has new work, so the status is read again (and followed). */
export const imagePipelineChanged = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: statusKey });

const totalOf = (s: ImageVariantStatus) => s.pending + s.ready + s.skip + s.failed;

/**
 * The pipeline's progress: a bar (ready and passed-through of all), what waits, what failed and why,
 * 重试 for the failed ones and, on the dashboard (`full`), 查找旧图片 for pictures stored before the
 * pipeline. On the upload pages it shows once the page uploaded something (`show`, so its end is
 * seen too) or while pictures wait or failed.
 */
export const ImagePipelinePanel = ({ full = false, show = false }: { full?: boolean; show?: boolean }) => {
  const client = useQueryClient();
  const status = useImagePipeline();
  const t = useT();
  if (status.isError) return <ErrorState error={status.error} onRetry={() => status.refetch()} />;
  if (!status.data) return full ? <LoadingState /> : null;
  const s = status.data;
  if (!full && !show && s.pending === 0 && s.failed === 0) return null;
  const total = totalOf(s);
  const done = s.ready + s.skip;

  const retry = async () => {
    const result = await call('imageVariantRetry');
    client.setQueryData(statusKey, result);
    toast.success(t('admin.shared.images.retried', { count: result.retried }));
  };
  const adopt = async () => {
    const result = await call('imageVariantAdopt');
    client.setQueryData(statusKey, result);
    toast.success(
      result.registered > 0
        ? t('admin.shared.images.adopted', { count: result.registered })
        : result.missing > 0
          ? t('admin.shared.images.adopted.missing', { missing: result.missing })
          : t('admin.shared.images.adopted.none'),
    );
  };

  return (
    <div className="image-pipeline" data-testid="image-pipeline">
      <ProgressBar
        name={t('admin.shared.images.progress')}
        value={total === 0 ? 1 : done / total}
        label={`${done} / ${total}`}
      />
      <p className="image-pipeline-line" aria-live="polite" data-testid="image-pipeline-state">
        {!full && <span className="image-pipeline-name">{t('admin.shared.images')}</span>}
        {s.pending > 0 ? (
          <>
            <Badge tone="info">{t('admin.shared.images.working')}</Badge>{' '}
            {t('admin.shared.images.pending', { count: s.pending })}
          </>
        ) : (
          <>
            {s.failed > 0 ? (
              <Badge tone="warning">{t('admin.shared.images.finished')}</Badge>
            ) : (
              <Badge tone="success">{t('admin.shared.images.done')}</Badge>
            )}{' '}
            {total === 0
              ? t('admin.shared.images.none')
              : s.skip > 0
                ? t('admin.shared.images.ready.skip', { ready: s.ready, skip: s.skip })
                : t('admin.shared.images.ready', { ready: s.ready })}
          </>
        )}
        {s.failed > 0 && (
          <>
            {' '}
            <Badge tone="danger">{t('admin.shared.images.failed', { count: s.failed })}</Badge>
          </>
        )}
      </p>
      {s.failed > 0 && s.lastError && (
        <p className="image-pipeline-error" data-testid="image-pipeline-error">
          {t('admin.shared.images.lastError', { error: s.lastError })}
        </p>
      )}
      <div className="admin-toolbar">
        <Button
          onClick={retry}
          disabled={s.failed === 0}
          disabledReason={t('admin.shared.images.noFailures')}
          data-testid="image-pipeline-retry"
        >
          {t('admin.kit.retry')}
        </Button>
        {full && (
          <Button kind="text" onClick={adopt} data-testid="image-pipeline-adopt">
            {t('admin.shared.images.adopt')}
          </Button>
        )}
      </div>
      {full && <p className="muted image-pipeline-hint">{t('admin.shared.images.hint')}</p>}
    </div>
  );
};
