import type { MomentStatistics, WeekReport } from '@candy/contract/calls/moments';
import { call } from '../../../core/request.ts';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { useRead } from '../shared/useRead.ts';
import { Heatmap, HourBars } from './Charts.tsx';
import { StatisticsSkeleton } from './StatisticsSkeleton.tsx';
import { WeekTable } from './WeekTable.tsx';
import { weekRows } from './weekReport.ts';

interface StatisticsData {
  day: Extract<MomentStatistics, { type: 'day' }>;
  hour: Extract<MomentStatistics, { type: 'hour' }>;
  week: WeekReport;
}

const readStatistics = async (): Promise<StatisticsData> => {
  const [day, hour, week] = await Promise.all([
    call('momentStatistics', { query: { type: 'day' }, silent: true }),
    call('momentStatistics', { query: { type: 'hour' }, silent: true }),
    call('momentWeekReport', { silent: true }),
  ]);
  if (day.type !== 'day' || hour.type !== 'hour') throw new Error(t('moments.stats.badType'));
  return { day, hour, week };
};

/** The year heatmap, the 24-hour distribution and the week report, drawn as plain SVG. */
export default function Statistics({ readKey }: { readKey: string }) {
  const stats = useRead(readStatistics, readKey);
  useT(); // the charts' and the week report's words follow a language switch
  if (!stats.data)
    return stats.status === 'failed' ? (
      <p className="list-status list-status-failed">{t('moments.stats.failed', { error: stats.error })}</p>
    ) : (
      <StatisticsSkeleton />
    );
  const total = stats.data.day.days.reduce((sum, d) => sum + d.count, 0);
  return (
    <div className="moments-statistics">
      <h3>{t('moments.stats.year', { total })}</h3>
      <section
        className="moments-heatmap-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone; focus lets the keyboard scroll it (WCAG 2.1.1)
        tabIndex={0}
        aria-label={t('moments.stats.heatmap')}
      >
        <Heatmap
          days={stats.data.day.days}
          label={t('moments.stats.heatmap.label', { total })}
          testId="moments-heatmap"
        />
      </section>
      <h3>{t('moments.stats.hours')}</h3>
      <HourBars hours={stats.data.hour.hours} label={t('moments.stats.hours.label')} testId="moments-hours" />
      <WeekTable rows={weekRows(stats.data.week)} testId="moments-week-report" />
    </div>
  );
}
