import { BarChart, HeatmapChart } from 'echarts/charts';
import { CalendarComponent, GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the two moment charts need; this module is loaded lazily with the statistics.
use([
  HeatmapChart,
  BarChart,
  CalendarComponent,
  GridComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

/** An ECharts chart (SVG) that follows its container's width. */
export const EChart = ({
  option,
  height,
  label,
  testId,
}: {
  option: EChartsCoreOption;
  height: number;
  label: string;
  testId?: string;
}) => {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const chart = init(node, undefined, { renderer: 'svg' });
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return (
    <div
      ref={element}
      className="moments-chart"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
};
