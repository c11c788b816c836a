import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts these charts use: the page's chunk stays far smaller than all of ECharts.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/** One ECharts chart that follows its box's size and the page's light/dark colours. */
export const Chart = ({
  option,
  height = 260,
  testId,
}: {
  option: ChartOption;
  height?: number;
  testId?: string;
}) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const dark =
      matchMedia('(prefers-color-scheme: dark)').matches || document.documentElement.dataset.theme === 'dark';
    const chart = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.setOption({ backgroundColor: 'transparent', ...option });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={box} className="analytics-chart" style={{ height }} data-testid={testId} />;
};
