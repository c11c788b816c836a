import '../shared/tool.css';
import './merge-image.css';
import { useMemo, useState } from 'react';
import { useKeyedEffect } from '../../../core/useKeyedEffect.ts';
import { saveBlob } from '../shared/download.ts';
import { FileDrop } from '../shared/FileDrop.tsx';
import { PrivacyNote } from '../shared/PrivacyNote.tsx';
import { ProgressBar } from '../shared/ProgressBar.tsx';
import { type FrameItem, FrameList } from './FrameList.tsx';
import { SeamControls } from './SeamControls.tsx';
import { StitchPreview } from './StitchPreview.tsx';
import { layoutSegments } from './stitch.ts';
import { useStitcher } from './useStitcher.ts';

let nextId = 0;
const previewWidth = () => Math.min(360, Math.max(200, window.innerWidth - 48));

export default function MergeImagePage() {
  const [items, setItems] = useState<FrameItem[]>([]);
  const [mime, setMime] = useState<'image/png' | 'image/jpeg'>('image/png');
  const [quality, setQuality] = useState(0.92);
  const [notice, setNotice] = useState<string | null>(null);
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
        ? `结果太高，已切成 ${exported.tiles} 张图打包为 ${exported.name}（按从上到下编号）。`
        : `已导出 ${exported.name}。`,
    );
  };

  return (
    <div className="tool merge-image">
      <h1>长截图拼接</h1>
      <PrivacyNote />
      <FileDrop
        accept="image/*"
        multiple
        label="拖入或选择几张滚动截图"
        hint="PNG 或 JPEG，同一页面从上到下滚动截取；固定的顶栏和底栏只保留一次"
        onFiles={add}
      />
      {items.length > 0 && <FrameList items={items} onChange={setItems} />}
      {progress && <ProgressBar progress={progress} />}
      {error && (
        <p className="tool-error" role="alert">
          {error}
        </p>
      )}
      {plan && layout && !progress && (
        <section className="merge-result" data-testid="merge-result">
          <p>
            结果 <span data-testid="result-size">{`${layout.width} × ${layout.height}`}</span> px · 固定顶栏{' '}
            {plan.header} px · 固定底栏 {plan.footer} px
          </p>
          <SeamControls plan={plan} onNudge={nudge} />
          <div className="tool-row">
            <select
              value={mime}
              aria-label="导出格式"
              onChange={(e) => setMime(e.target.value as typeof mime)}
            >
              <option value="image/png">PNG（无损）</option>
              <option value="image/jpeg">JPEG</option>
            </select>
            {mime === 'image/jpeg' && (
              <label className="merge-quality">
                质量 {Math.round(quality * 100)}
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
              导出原尺寸图片
            </button>
          </div>
          {notice && <p data-testid="export-notice">{notice}</p>}
          <StitchPreview layout={layout} urls={items.map((i) => i.url)} width={previewWidth()} />
        </section>
      )}
    </div>
  );
}
