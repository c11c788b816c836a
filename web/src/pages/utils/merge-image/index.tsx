import '../shared/tool.css';
import './merge-image.css';
import { type ReactNode, useMemo, useState } from 'react';
import { useKeyedEffect } from '../../../core/useKeyedEffect.ts';
import { useT } from '../../../i18n/useT.ts';
import { saveBlob } from '../shared/download.ts';
import { FileDrop } from '../shared/FileDrop.tsx';
import { PrivacyNote } from '../shared/PrivacyNote.tsx';
import { ProgressBar } from '../shared/ProgressBar.tsx';
import { type Said, said } from '../shared/said.ts';
import { say } from '../shared/say.ts';
import { type FrameItem, FrameList } from './FrameList.tsx';
import { SeamControls } from './SeamControls.tsx';
import { StitchPreview } from './StitchPreview.tsx';
import { layoutSegments } from './stitch.ts';
import { useStitcher } from './useStitcher.ts';

let nextId = 0;
const previewWidth = () => Math.min(360, Math.max(200, window.innerWidth - 48));

/** Stands for an element inside a message: passed as its value, the translation split around it. */
const SLOT = '\u{E000}';
const withSlot = (text: string, element: ReactNode): ReactNode => {
  const at = text.indexOf(SLOT);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      {element}
      {text.slice(at + SLOT.length)}
    </>
  );
};

export default function MergeImagePage() {
  const t = useT();
  const [items, setItems] = useState<FrameItem[]>([]);
  const [mime, setMime] = useState<'image/png' | 'image/jpeg'>('image/png');
  const [quality, setQuality] = useState(0.92);
  const [notice, setNotice] = useState<Said | null>(null);
  const { progress, plan, setPlan, error, analyze, exportImage } = useStitcher();

  // A new set of screenshots is analysed again; showing the kept-alive page again keeps the plan
  // and the seams the visitor nudged.
  useKeyedEffect(() => analyze(items.map((i) => i.file)), items);
  // Object URLs live as long as the page, which stays alive for the whole visit (keep-alive): they
  // are not revoked when it is hidden, or its previews would break on return.

  const add = (files: File[]) => {
    const images = files.filter((f) => f.type.startsWith('image/'));
    const added = images.map((file) => {
      const url = URL.createObjectURL(file);
      return { id: String(nextId++), file, url };
    });
    setItems((current) => [...current, ...added]);
  };

  const layout = useMemo(() => (plan ? layoutSegments(plan) : null), [plan]);
  const nudge = (pair: number, rows: number) =>
    setPlan((p) => p && { ...p, overlaps: p.overlaps.map((o, i) => (i === pair ? { ...o, rows } : o)) });

  const save = async () => {
    if (!layout) return;
    const exported = await exportImage(layout, mime, quality);
    saveBlob(exported.blob, exported.name);
    setNotice(
      exported.tiles > 1
        ? said('utils.merge-image.exported.tiles', { tiles: exported.tiles, name: exported.name })
        : said('utils.merge-image.exported', { name: exported.name }),
    );
  };

  return (
    <div className="tool merge-image">
      <h1>{t('title.merge-image')}</h1>
      <PrivacyNote />
      <FileDrop
        accept="image/*"
        multiple
        label={t('utils.merge-image.drop')}
        hint={t('utils.merge-image.drop.hint')}
        onFiles={add}
      />
      {items.length > 0 && <FrameList items={items} onChange={setItems} />}
      {progress && <ProgressBar progress={progress} />}
      {error && (
        <p className="tool-error" role="alert">
          {say(error)}
        </p>
      )}
      {plan && layout && !progress && (
        <section className="merge-result" data-testid="merge-result">
          <p>
            {withSlot(
              t('utils.merge-image.result', { size: SLOT, header: plan.header, footer: plan.footer }),
              <span data-testid="result-size">{`${layout.width} × ${layout.height}`}</span>,
            )}
          </p>
          <SeamControls plan={plan} onNudge={nudge} />
          <div className="tool-row">
            <select
              value={mime}
              aria-label={t('utils.merge-image.format')}
              onChange={(e) => setMime(e.target.value as typeof mime)}
            >
              <option value="image/png">{t('utils.merge-image.png')}</option>
              <option value="image/jpeg">JPEG</option>
            </select>
            {mime === 'image/jpeg' && (
              <label className="merge-quality">
                {t('utils.merge-image.quality', { quality: Math.round(quality * 100) })}
                <input
                  type="range"
                  min={0.5}
                  max={1}
                  step={0.01}
                  value={quality}
                  onChange={(e) => setQuality(Number(e.target.value))}
                />
              </label>
            )}
            <button type="button" className="tool-primary" onClick={() => void save()}>
              {t('utils.merge-image.export')}
            </button>
          </div>
          {notice && <p data-testid="export-notice">{say(notice)}</p>}
          <StitchPreview layout={layout} urls={items.map((i) => i.url)} width={previewWidth()} />
        </section>
      )}
    </div>
  );
}
