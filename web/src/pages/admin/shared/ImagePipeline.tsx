import type { ImageVariantStatus } from '@candy/contract/calls/media';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
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
  if (status.isError) return <ErrorState error={status.error} onRetry={() => status.refetch()} />;
  if (!status.data) return full ? <LoadingState /> : null;
  const s = status.data;
  if (!full && !show && s.pending === 0 && s.failed === 0) return null;
  const total = totalOf(s);
  const done = s.ready + s.skip;

  const retry = async () => {
    const result = await call('imageVariantRetry');
    client.setQueryData(statusKey, result);
    toast.success(`已重新排队 ${result.retried} 张图片`);
  };
  const adopt = async () => {
    const result = await call('imageVariantAdopt');
    client.setQueryData(statusKey, result);
    toast.success(
      result.registered > 0
        ? `登记了 ${result.registered} 张旧图片，正在做副本`
        : `没有未登记的图片${result.missing > 0 ? `（${result.missing} 张不在存储里）` : ''}`,
    );
  };

  return (
    <div className="image-pipeline" data-testid="image-pipeline">
      <ProgressBar name="图片副本进度" value={total === 0 ? 1 : done / total} label={`${done} / ${total}`} />
      <p className="image-pipeline-line" aria-live="polite" data-testid="image-pipeline-state">
        {!full && <span className="image-pipeline-name">图片副本</span>}
        {s.pending > 0 ? (
          <>
            <Badge tone="info">处理中</Badge> 还有 {s.pending} 张在做副本
          </>
        ) : (
          <>
            {s.failed > 0 ? <Badge tone="warning">处理完毕</Badge> : <Badge tone="success">全部完成</Badge>}{' '}
            {total === 0
              ? '还没有图片'
              : `${s.ready} 张有副本${s.skip > 0 ? `，${s.skip} 张保持原样（动图或 SVG）` : ''}`}
          </>
        )}
        {s.failed > 0 && (
          <>
            {' '}
            <Badge tone="danger">失败 {s.failed} 张</Badge>
          </>
        )}
      </p>
      {s.failed > 0 && s.lastError && (
        <p className="image-pipeline-error" data-testid="image-pipeline-error">
          最近一次失败：{s.lastError}
        </p>
      )}
      <div className="admin-toolbar">
        <Button
          onClick={retry}
          disabled={s.failed === 0}
          disabledReason="没有失败的图片"
          data-testid="image-pipeline-retry"
        >
          重试
        </Button>
        {full && (
          <Button kind="text" onClick={adopt} data-testid="image-pipeline-adopt">
            查找旧图片
          </Button>
        )}
      </div>
      {full && (
        <p className="muted image-pipeline-hint">
          每张图片都会做成几种宽度的 AVIF、WebP 副本，手机只下载它需要的大小；失败的图片仍显示原图。
          “查找旧图片”登记图片处理功能上线前就存在的相册、动态和随笔图片。
        </p>
      )}
    </div>
  );
};
