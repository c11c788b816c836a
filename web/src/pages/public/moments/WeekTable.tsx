import { useT } from '../../../i18n/useT.ts';
import type { WeekCell, WeekRow } from './weekReport.ts';

const Cell = ({ cell }: { cell: WeekCell }) =>
  typeof cell === 'string' ? (
    <td>{cell}</td>
  ) : (
    <td>
      <span className="moments-week-line">{cell[0]}</span>
      <span className="moments-week-line">{cell[1]}</span>
    </td>
  );

/** The week report's table (本周 vs 上周); the statistics' skeleton draws it with "…" in each cell. */
export const WeekTable = ({ rows, testId }: { rows: readonly WeekRow[]; testId?: string }) => {
  const t = useT();
  return (
    <table className="moments-week" data-testid={testId}>
      <caption>{t('moments.week.caption')}</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{t('moments.week.this')}</th>
          <th scope="col">{t('moments.week.last')}</th>
          <th scope="col">{t('moments.week.change')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <Cell cell={row.thisWeek} />
            <Cell cell={row.lastWeek} />
            <td>{row.change}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};
