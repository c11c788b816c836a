import type { DayCount } from '@candy/contract/calls/moments';
import { useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import {
  CELL,
  cellAt,
  type HeatCell,
  heatmapLayout,
  hourLayout,
  hourViewBox,
  PLOT_LEFT as LEFT,
  PLOT_H,
  PLOT_W,
} from './chartLayout.ts';
import { weekdayRowLabels } from './dateWords.ts';

const cellPath = (x: number, y: number) => `M${x} ${y}h${CELL}v${CELL}h-${CELL}z`;
const LEVELS = [0, 1, 2, 3, 4] as const;

/**
 * The year calendar: a cell a day, shaded by the number of moments (theme colours via CSS). The
 * cells of one shade are one path (five elements instead of 730 with their titles: on a slow phone
 * building and laying those out was a long task of its own), and the day under the pointer is named
 * by one label.
 */
export const Heatmap = ({
  days,
  label,
  testId,
}: {
  days: readonly DayCount[];
  label: string;
  testId?: string;
}) => {
  const t = useT();
  const { cells, months, width, height } = heatmapLayout(days);
  const [hovered, setHovered] = useState<HeatCell | null>(null);
  const shades = LEVELS.map((level) => {
    const own = cells.filter((cell) => cell.level === level);
    return { level, days: own.length, d: own.map((cell) => cellPath(cell.x, cell.y)).join('') };
  }).filter((shade) => shade.days > 0);
  const onPointerMove = (event: React.PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setHovered(cellAt(cells, event.clientX - box.left, event.clientY - box.top));
  };
  return (
    <div className="moments-chart moments-heatmap" role="img" aria-label={label} data-testid={testId}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        aria-hidden="true"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHovered(null)}
      >
        {months.map((month) => (
          <text key={`${month.x}-${month.label}`} x={month.x} y={10} className="chart-label">
            {month.label}
          </text>
        ))}
        {weekdayRowLabels().map((day, row) =>
          day ? (
            <text key={day} x={0} y={18 + row * 15 + 10} className="chart-label">
              {day}
            </text>
          ) : null,
        )}
        {shades.map((shade) => (
          <path key={shade.level} d={shade.d} className={`heat heat-${shade.level}`} data-days={shade.days} />
        ))}
        {hovered ? <path d={cellPath(hovered.x, hovered.y)} className="heat-hovered" /> : null}
      </svg>
      {hovered ? (
        <span
          className="heat-tip"
          data-testid="heat-tip"
          style={{ left: hovered.x + CELL / 2, top: hovered.y }}
        >
          {t('moments.stats.heat.tip', { date: hovered.date, count: hovered.count })}
        </span>
      ) : null}
    </div>
  );
};

/** Moments by local hour: 24 bars with a count axis. */
export const HourBars = ({
  hours,
  label,
  testId,
}: {
  hours: readonly number[];
  label: string;
  testId?: string;
}) => {
  const t = useT();
  const { bars, max, barWidth } = hourLayout(hours, PLOT_W, PLOT_H);
  const ticks = [0, Math.round(max / 2), max].filter((v, i, all) => all.indexOf(v) === i);
  return (
    <div className="moments-chart" role="img" aria-label={label} data-testid={testId}>
      <svg viewBox={hourViewBox} width="100%" aria-hidden="true">
        <g transform="translate(0 8)">
          {ticks.map((tick) => {
            const y = PLOT_H - (tick / max) * PLOT_H;
            return (
              <g key={tick}>
                <line x1={LEFT} x2={LEFT + PLOT_W} y1={y} y2={y} className="chart-grid" />
                <text x={LEFT - 4} y={y + 3} textAnchor="end" className="chart-label">
                  {tick}
                </text>
              </g>
            );
          })}
          {bars.map((bar) => (
            <g key={bar.hour}>
              <rect x={LEFT + bar.x} y={bar.y} width={barWidth} height={bar.height} className="chart-bar">
                <title>{t('moments.stats.hour.tip', { hour: bar.hour, count: bar.count })}</title>
              </rect>
              {bar.hour % 3 === 0 ? (
                <text
                  x={LEFT + bar.x + barWidth / 2}
                  y={PLOT_H + 14}
                  textAnchor="middle"
                  className="chart-label"
                >
                  {bar.hour}
                </text>
              ) : null}
            </g>
          ))}
        </g>
      </svg>
    </div>
  );
};
