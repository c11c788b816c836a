import type { BackupStatus } from '@candy/contract/calls/dashboard';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  Badge,
  DataTable,
  ErrorState,
  formatBytes,
  formatDateTime,
  LoadingState,
  RichMessage,
} from '../../../ui/adminKit/index.ts';

/** Points the home lists; the destination keeps many more (every minute of the last days). */
const SHOWN = 8;

type Point = BackupStatus['points'][number];

/** "上次验证恢复": when, which point in time, and how it ended (issue 45.3). */
const LastDrill = ({ status }: { status: BackupStatus }) => {
  const t = useT();
  const drill = status.lastDrill;
  if (!drill)
    return (
      <p data-testid="backup-drill">
        {t(status.drillAvailable ? 'admin.home.backup.drill.none.nightly' : 'admin.home.backup.drill.none')}
      </p>
    );
  const failed = drill.points.find((p) => !p.ok);
  const shown = failed ?? drill.points[0];
  return (
    <p data-testid="backup-drill">
      <RichMessage
        id="admin.home.backup.drill"
        values={{
          at: formatDateTime(drill.at),
          point: shown && shown.createdAt > 0 ? formatDateTime(shown.createdAt) : '—',
        }}
        nodes={{
          result: drill.ok ? (
            <Badge tone="success">{t('admin.home.backup.drill.passed')}</Badge>
          ) : (
            <Badge tone="danger">{t('admin.home.backup.drill.failed')}</Badge>
          ),
        }}
      />
      {shown && (
        <span className="muted">
          {' '}
          <span data-content>{shown.detail}</span>
        </span>
      )}
    </p>
  );
};

/** The table's columns; a point the last drill restored says so. */
const columnsFor = (verified: Set<string>) => [
  {
    key: 'createdAt',
    title: t('admin.home.backup.col.time'),
    render: (p: Point) => formatDateTime(p.createdAt),
  },
  {
    key: 'kind',
    title: t('admin.home.backup.col.kind'),
    render: (p: Point) => t(p.kind === 'daily' ? 'admin.home.backup.daily' : 'admin.home.backup.point'),
  },
  { key: 'size', title: t('admin.home.backup.col.size'), render: (p: Point) => formatBytes(p.size) },
  { key: 'newBytes', title: t('admin.home.backup.col.new'), render: (p: Point) => formatBytes(p.newBytes) },
  {
    key: 'bad',
    title: t('admin.home.backup.col.state'),
    render: (p: Point) =>
      p.bad ? (
        <Badge tone="danger">{t('admin.home.backup.bad')}</Badge>
      ) : verified.has(p.id) ? (
        <Badge tone="success">{t('admin.home.backup.verified')}</Badge>
      ) : (
        <Badge tone="muted">{t('admin.home.backup.unverified')}</Badge>
      ),
  },
];

/** What the home shows of the backups: the drill, the destination, the newest points. */
export const BackupSummary = ({ status }: { status: BackupStatus }) => {
  const t = useT();
  if (!status.configured)
    return (
      <p className="muted" data-testid="backup-off">
        {t('admin.home.backup.off')}
      </p>
    );
  return (
    <div className="dash-backups" data-testid="backup-panel">
      <LastDrill status={status} />
      {!status.drillAvailable && <p className="muted">{t('admin.home.backup.noKey')}</p>}
      <p className="muted">
        <RichMessage
          id={
            status.shipSeconds > 0
              ? 'admin.home.backup.destination.ship'
              : 'admin.home.backup.destination.nightly'
          }
          values={{ seconds: status.shipSeconds }}
          nodes={{ destination: <span data-testid="backup-destination">{status.destination}</span> }}
        />
      </p>
      {status.error ? (
        <p className="dash-backups-error">
          <RichMessage
            id="admin.home.backup.error"
            nodes={{ error: <span data-content>{status.error}</span> }}
          />
        </p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; the keyboard must reach it.
        <div className="admin-table-wrap" tabIndex={0}>
          <DataTable
            rows={status.points.slice(0, SHOWN)}
            columns={columnsFor(new Set(status.lastDrill?.points.filter((p) => p.ok).map((p) => p.id)))}
            rowKey={(p) => p.id}
            empty={t('admin.home.backup.none')}
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
