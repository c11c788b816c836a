import type { Material, MaterialStatus } from '@candy/contract/calls/videos';
import { Badge, type BadgeTone, ProgressBar } from '../../../../ui/adminKit/index.ts';

export const statusText: Record<MaterialStatus, string> = {
  draft: '排队中',
  processing: '处理中',
  ready: '已就绪',
  published: '已发布',
  failed: '失败',
};

const tones: Record<MaterialStatus, BadgeTone> = {
  draft: 'muted',
  processing: 'info',
  ready: 'success',
  published: 'warning',
  failed: 'danger',
};

/** The clip's status; a progress bar while ffmpeg works on it, the reason when it failed. */
export const StatusBadge = ({ material }: { material: Material }) => (
  <span className="video-status" data-testid="video-status" data-status={material.status}>
    <Badge tone={tones[material.status]}>{statusText[material.status]}</Badge>
    {material.status === 'processing' && <ProgressBar name="处理进度" value={material.progress / 100} />}
    {material.status === 'failed' && material.error && (
      <small className="video-error">{material.error}</small>
    )}
  </span>
);
