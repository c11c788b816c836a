import { MaterialCreate } from '@candy/contract/calls/videos';
import { useState } from 'react';
import { useNavigate } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { t as say } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { Field, Tabs, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { sourceFileSrc } from '../ryona-material/shared/media.ts';
import { invalidateVideos } from '../ryona-material/shared/queries.ts';
import { formatSeconds, parseSeconds } from '../ryona-material/shared/time.ts';
import { ContactSheet, FrameAt } from './ContactSheet.tsx';
import type { SourceVideo } from './SourceBrowser.tsx';
import { type Marker, Timeline } from './Timeline.tsx';

const markers: Marker[] = ['start', 'end', 'cover'];

/** Why a clip from `start` to `end` (seconds) of a `duration`-long source cannot be cut, or null. */
export const clipRangeProblem = (start: number, end: number, duration: number): string | null => {
  if (end <= start)
    return say('admin.clips.cut.endBeforeStart', { end: formatSeconds(end), start: formatSeconds(start) });
  if (duration > 0 && end > duration + 0.05)
    return say('admin.clips.cut.endPastLength', {
      end: formatSeconds(end),
      duration: formatSeconds(duration),
    });
  return null;
};

/** A time field that accepts `90`, `1:30` or `1:30.5`. */
const TimeInput = ({
  value,
  onChange,
  label,
  testId,
}: {
  value: number;
  onChange: (seconds: number) => void;
  label: string;
  testId: string;
}) => {
  const [text, setText] = useState<string | null>(null);
  return (
    <input
      className="input video-time-input"
      aria-label={label}
      data-testid={testId}
      value={text ?? formatSeconds(value)}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        const seconds = text === null ? null : parseSeconds(text);
        if (seconds !== null) onChange(seconds);
        setText(null);
      }}
      onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
    />
  );
};

/** Cuts a clip from a picked source: frames, timeline, typed times, preview, cover, then 创建. */
export const CutForm = ({ video }: { video: SourceVideo }) => {
  const t = useT();
  const duration = video.duration ?? 0;
  const navigate = useNavigate();
  const [marker, setMarker] = useState<Marker>('start');
  const form = useZodForm(MaterialCreate, {
    title: video.name.replace(/\.[^.]*$/, ''),
    description: '',
    tags: [],
    sourcePath: video.path,
    start: 0,
    end: Math.min(duration, 10),
    coverAt: null,
  });
  const { values, set, errors } = form;
  const start = values.start ?? 0;
  const end = values.end ?? duration;

  const place = (seconds: number) => {
    const at = Math.min(Math.max(0, seconds), duration);
    if (marker === 'start') {
      set('start', at);
      if (at >= end) set('end', Math.min(duration, at + 1));
    } else if (marker === 'end') set('end', at);
    else set('coverAt', Math.max(0, Math.round((at - start) * 10) / 10));
  };

  const rangeProblem = clipRangeProblem(start, end, duration);

  const create = async () => {
    const body = form.validate();
    if (!body) return;
    const clip = await call('videoMaterialCreate', { body });
    toast.success(t('admin.clips.cut.queued', { title: clip.title }));
    await invalidateVideos();
    navigate('/great-old-one/ryona/material');
  };

  return (
    <div className="video-cut" data-testid="video-cut">
      <ContactSheet path={video.path} duration={duration} onFrame={place} />
      <div className="video-cut-tools">
        <Tabs
          tabs={markers.map((id) => ({ id, label: t(`admin.clips.cut.marker.${id}`) }))}
          value={marker}
          onChange={setMarker}
        />
        <Timeline
          duration={duration}
          start={start}
          end={end}
          cover={values.coverAt ?? null}
          onClick={place}
        />
        <div className="video-cut-times">
          <Field label={t('admin.clips.cut.start')} error={errors.start}>
            <TimeInput
              label={t('admin.clips.cut.start')}
              testId="cut-start"
              value={start}
              onChange={(s) => set('start', s)}
            />
          </Field>
          <Field label={t('admin.clips.cut.end')} error={errors.end ?? rangeProblem}>
            <TimeInput
              label={t('admin.clips.cut.end')}
              testId="cut-end"
              value={end}
              onChange={(s) => set('end', s)}
            />
          </Field>
          <Field label={t('admin.clips.cut.coverFromStart')} error={errors.coverAt}>
            <TimeInput
              label={t('admin.clips.cut.cover')}
              testId="cut-cover"
              value={values.coverAt ?? (end - start) / 2}
              onChange={(s) => set('coverAt', s)}
            />
          </Field>
        </div>
        <div className="video-frames">
          <FrameAt
            path={video.path}
            at={start}
            label={t('admin.clips.cut.frame.start', { time: formatSeconds(start) })}
          />
          <FrameAt
            path={video.path}
            at={Math.max(0, end - 0.1)}
            label={t('admin.clips.cut.frame.end', { time: formatSeconds(end) })}
          />
          <FrameAt
            path={video.path}
            at={start + (values.coverAt ?? (end - start) / 2)}
            label={
              values.coverAt === null || values.coverAt === undefined
                ? t('admin.clips.cut.frame.coverMiddle')
                : t('admin.clips.cut.cover')
            }
          />
        </div>
      </div>
      <div className="video-panel">
        <div className="video-panel-head">
          <strong>{t('admin.clips.cut.preview')}</strong>
          <small className="muted">{t('admin.clips.cut.preview.note')}</small>
        </div>
        {/* biome-ignore lint/a11y/useMediaCaption: the owner's sources come without caption tracks */}
        <video
          key={`${video.path}#${start}-${end}`}
          src={sourceFileSrc(video.path, { start, end })}
          controls
          playsInline
          preload="metadata"
          data-testid="cut-preview"
        />
      </div>
      <div className="video-form">
        <Field label={t('admin.clips.field.title')} error={errors.title}>
          <input
            className="input"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            data-testid="cut-title"
          />
        </Field>
        <Field label={t('admin.clips.field.description')} error={errors.description}>
          <textarea
            className="input"
            rows={3}
            value={values.description ?? ''}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <Field label={t('admin.clips.field.tags')} error={errors.tags}>
          <input
            className="input"
            value={(values.tags ?? []).join(', ')}
            onChange={(e) =>
              set(
                'tags',
                e.target.value
                  .split(/[,，]/)
                  .map((tag) => tag.trim())
                  .filter(Boolean),
              )
            }
          />
        </Field>
        {errors.sourcePath && <p className="field-error">{errors.sourcePath}</p>}
        <div>
          <Button
            kind="primary"
            onClick={create}
            disabled={rangeProblem !== null}
            disabledReason={rangeProblem ?? undefined}
            data-testid="cut-create"
          >
            {t('admin.clips.cut.create')}
          </Button>
        </div>
      </div>
    </div>
  );
};
