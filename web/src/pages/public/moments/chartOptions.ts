import type { DayCount } from '@candy/contract/calls/moments';

/** Colours taken from the theme's CSS variables when the chart is drawn. */
export interface ChartColours {
  fg: string;
  muted: string;
  accent: string;
  empty: string;
  border: string;
}

export const readColours = (element: Element = document.documentElement): ChartColours => {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    fg: read('--fg', '#2b2530'),
    muted: read('--muted', '#8a7f8f'),
    accent: read('--accent', '#e4578c'),
    empty: read('--hover', '#f7ecf2'),
    border: read('--border', '#eadde6'),
  };
};

/** A year calendar: one cell a day, coloured by the number of moments. */
export const heatmapOption = (days: readonly DayCount[], colours: ChartColours) => {
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const max = Math.max(1, ...days.map((d) => d.count));
  return {
    animation: false,
    tooltip: { formatter: (p: { value: [string, number] }) => `${p.value[0]}：${p.value[1]} 条` },
    visualMap: {
      show: false,
      min: 0,
      max,
      inRange: { color: [colours.empty, colours.accent] },
    },
    calendar: {
      range: [first, last],
      top: 24,
      left: 32,
      right: 8,
      cellSize: ['auto', 13],
      splitLine: { show: false },
      itemStyle: { borderWidth: 2, borderColor: 'transparent', color: colours.empty },
      dayLabel: { firstDay: 1, nameMap: 'ZH', color: colours.muted, fontSize: 10 },
      monthLabel: { nameMap: 'ZH', color: colours.muted, fontSize: 10 },
      yearLabel: { show: false },
    },
    series: [
      {
        type: 'heatmap',
        coordinateSystem: 'calendar',
        data: days.map((d) => [d.date, d.count]),
      },
    ],
  };
};

/** 24 bars: moments by local hour of the day. */
export const hourOption = (hours: readonly number[], colours: ChartColours) => ({
  animation: false,
  tooltip: { trigger: 'axis' as const },
  grid: { top: 16, left: 32, right: 8, bottom: 24 },
  xAxis: {
    type: 'category' as const,
    data: hours.map((_, hour) => `${hour}`),
    axisLabel: { color: colours.muted, fontSize: 10 },
    axisLine: { lineStyle: { color: colours.border } },
  },
  yAxis: {
    type: 'value' as const,
    minInterval: 1,
    axisLabel: { color: colours.muted, fontSize: 10 },
    splitLine: { lineStyle: { color: colours.border } },
  },
  series: [{ type: 'bar' as const, data: [...hours], itemStyle: { color: colours.accent } }],
});
