import type { BackupStatus } from '@candy/contract/calls/dashboard';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import {
  Badge,
  DataTable,
  ErrorState,
  formatBytes,
  formatDateTime,
  LoadingState,
} from '../../../ui/adminKit/index.ts';

/** Points the home lists; the destination keeps many more (every minute of the last days). */
const SHOWN = 8;

type Point = BackupStatus['points'][number];

/** "上次验证恢复": when, which point in time, and how it ended (issue 45.3). */
const LastDrill = ({ status }: { status: BackupStatus }) => {
  const drill = status.lastDrill;
  if (!drill)
    return (
      <p data-testid="backup-drill">
        上次验证恢复：还没有
        {status.drillAvailable ? '（恢复演练每晚运行）' : ''}
      </p>
    );
  const failed = drill.points.find((p) => !p.ok);
  const shown = failed ?? drill.points[0];
  return (
    <p data-testid="backup-drill">
      上次验证恢复：{formatDateTime(drill.at)}，时间点{' '}
      {shown && shown.createdAt > 0 ? formatDateTime(shown.createdAt) : '—'}，
      {drill.ok ? <Badge tone="success">通过</Badge> : <Badge tone="danger">失败</Badge>}
      {shown && <span className="muted"> {shown.detail}</span>}
    </p>
  );
};

/** The table's columns; a point the last drill restored says so. */
const columnsFor = (verified: Set<string>) => [
  { key: 'createdAt', title: '时间', render: (p: Point) => formatDateTime(p.createdAt) },
  { key: 'kind', title: '类型', render: (p: Point) => (p.kind === 'daily' ? '每日' : '时间点') },
  { key: 'size', title: '大小', render: (p: Point) => formatBytes(p.size) },
  { key: 'newBytes', title: '新上传', render: (p: Point) => formatBytes(p.newBytes) },
  {
    key: 'bad',
    title: '状态',
    render: (p: Point) =>
      p.bad ? (
        <Badge tone="danger">损坏</Badge>
      ) : verified.has(p.id) ? (
        <Badge tone="success">已验证</Badge>
      ) : (
        <Badge tone="muted">未验证</Badge>
      ),
  },
];

/** What the home shows of the backups: the drill, the destination, the newest points. */
export const BackupSummary = ({ status }: { status: BackupStatus }) => {
  if (!status.configured)
    return (
      <p className="muted" data-testid="backup-off">
        没有设置异地备份（BACKUP_DESTINATION）：每晚只在本机的 DATA_DIR/backups
        复制一份数据库，上传的文件不在其中，硬盘坏了就都没了。设置方法见 README「Disaster recovery」。
      </p>
    );
  return (
    <div className="dash-backups" data-testid="backup-panel">
      <LastDrill status={status} />
      {!status.drillAvailable && (
        <p className="muted">
          服务器上没有恢复密钥（BACKUP_IDENTITY_FILE），这里不做恢复演练；请在有密钥的机器上运行 npm run
          backup-drill。
        </p>
      )}
      <p className="muted">
        目的地：<span data-testid="backup-destination">{status.destination}</span>
        {status.shipSeconds > 0
          ? `；数据有变化时每 ${status.shipSeconds} 秒送出一个时间点`
          : '；只做每晚的备份'}
      </p>
      {status.error ? (
        <p className="dash-backups-error">读取备份目的地失败：{status.error}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; the keyboard must reach it.
        <div className="admin-table-wrap" tabIndex={0}>
          <DataTable
            rows={status.points.slice(0, SHOWN)}
            columns={columnsFor(new Set(status.lastDrill?.points.filter((p) => p.ok).map((p) => p.id)))}
            rowKey={(p) => p.id}
            empty="还没有备份"
            data-testid="backup-points"
          />
        </div>
      )}
    </div>
  );
};

/** The backups on the admin home (issue 45). */
export const BackupPanel = () => {
  const status = useQuery({
    queryKey: ['backups'],
    queryFn: () => call('backupStatus'),
    refetchInterval: 60_000,
  });
  if (status.isError) return <ErrorState error={status.error} onRetry={() => status.refetch()} />;
  if (!status.data) return <LoadingState />;
  return <BackupSummary status={status.data} />;
};
