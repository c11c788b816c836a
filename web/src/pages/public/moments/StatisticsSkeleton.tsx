import { useT } from '../../../i18n/useT.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { HEATMAP_LEFT, heatmapLayout, hourViewBox } from './chartLayout.ts';
import { WeekTable } from './WeekTable.tsx';
import type { WeekCell, WeekRow } from './weekReport.ts';

/** The local date `back` days before today, as the statistics call names days (YYYY-MM-DD). */
const localDate = (back: number): string => {
  const day = new Date();
  day.setDate(day.getDate() - back);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};

/** The size of the year heatmap the server will answer (365 local days up to today). */
const heatmapSize = () => {
  const { width, height } = heatmapLayout(
    Array.from({ length: 365 }, (_, index) => ({ date: localDate(364 - index), count: 0 })),
  );
  return { width: Math.max(width, HEATMAP_LEFT), height };
};

/** The week report's rows, with "…" until the numbers come (the busiest day on its two lines). */
const placeholderRows = (t: (key: string) => string): WeekRow[] =>
  (['moments', 'images', 'busiest', 'streak'] as const).map((row) => {
    const cell: WeekCell = row === 'busiest' ? ['…', '…'] : '…';
    return { label: t(`moments.week.${row}`), thisWeek: cell, lastWeek: cell, change: '…' };
  });

/**
 * The statistics' place while their code or data loads: the same headings, chart boxes and table
 * rows, empty, so the moments below do not move when the charts arrive (issue 30: CLS).
 */
export const StatisticsSkeleton = () => {
  const heatmap = heatmapSize();
  const t = useT();
  return (
    <div className="moments-statistics moments-statistics-loading" aria-busy="true">
      <h3>
        <Spinner label={t('moments.stats.loading')} /> {t('moments.stats.yearLoading')}
      </h3>
      <div className="moments-heatmap-scroll">
        <div className="moments-chart">
          <svg width={heatmap.width} height={heatmap.height} aria-hidden="true" />
        </div>
      </div>
      <h3>{t('moments.stats.hours')}</h3>
      <div className="moments-chart">
        <svg viewBox={hourViewBox} width="100%" aria-hidden="true" />
      </div>
      <WeekTable rows={placeholderRows(t)} />
    </div>
  );
};
