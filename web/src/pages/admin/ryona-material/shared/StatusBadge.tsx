import type { Material, MaterialStatus } from '@candy/contract/calls/videos';
import { useT } from '../../../../i18n/useT.ts';
import { Badge, type BadgeTone, ProgressBar } from '../../../../ui/adminKit/index.ts';

/** Every status, in the filter's order; each says itself as `admin.clips.status.<status>`. */
export const materialStatuses: MaterialStatus[] = ['draft', 'processing', 'ready', 'published', 'failed'];

const tones: Record<MaterialStatus, BadgeTone> = {
  draft: 'muted',
  processing: 'info',
  ready: 'success',
  published: 'warning',
  failed: 'danger',
};

/** The clip's status; a progress bar while ffmpeg works on it, the reason when it failed. */
export const StatusBadge = ({ material }: { material: Material }) => {
  const t = useT();
  return (
    <span className="video-status" data-testid="video-status" data-status={material.status}>
      <Badge tone={tones[material.status]}>{t(`admin.clips.status.${material.status}`)}</Badge>
      {material.status === 'processing' && (
        <ProgressBar name={t('admin.clips.progress')} value={material.progress / 100} />
      )}
      {material.status === 'failed' && material.error && (
        <small className="video-error">{material.error}</small>
      )}
    </span>
  );
};
