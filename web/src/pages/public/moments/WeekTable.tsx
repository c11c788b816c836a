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
export const WeekTable = ({ rows, testId }: { rows: readonly WeekRow[]; testId?: string }) => (
  <table className="moments-week" data-testid={testId}>
    <caption>周报（本周 vs 上周）</caption>
    <thead>
      <tr>
        <th scope="col" />
        <th scope="col">本周</th>
        <th scope="col">上周</th>
        <th scope="col">变化</th>
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
